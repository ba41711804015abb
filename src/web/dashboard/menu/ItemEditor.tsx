// The item edit and add modal (spec §2 "Menu pane", §5, §8): the item's fields, its category, its
// printers, its picture (chosen, cropped to 3:2, uploaded, then taken by item_complete), and, once
// the item exists, its sizes and its options with their values, each added in its own modal and
// removed at once. Closing with unsaved changes asks "Are you sure? Changes will not be saved."
// A failed save closes the modals with the spec's alert (checklist M8.43); a refusal naming fields
// keeps the form open with the messages on the fields.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { itemAddBody, itemEditBody } from '../../../contract/menu-writes.js';
import { MESSAGES, type SaveFailure } from '../../../domain/messages.js';
import { isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { failureText } from './alerts.js';
import { OptionAddModal, OptionValueAddModal, SizeAddModal } from './ChoiceModals.js';
import { apiIssuesByField, CheckField, issuesByField, TextInput } from '../components/fields.js';
import { ImageCropModal } from './ImageCropModal.js';
import { ItemHours } from './ItemHours.js';
import {
  type ItemEditBody,
  type MenuCategory,
  type OptionAddBody,
  type OptionEditBody,
  type OptionValueAddBody,
  type OptionValueEditBody,
  type SizeAddBody,
  type SizeEditBody,
  type MenuItem,
  menuKeys,
  menuWrites,
  storeItem,
  useMenuItems,
  usePrinters,
} from './queries.js';
import { IMAGE_ACCEPT, isAcceptedImage, uploadImage } from './upload.js';

export const UNSAVED_CHANGES = 'Are you sure? Changes will not be saved.';
const PRICE_HINT = 'In dollars, e.g. 12.50; at most 99999.';

/** The form as typed: the item's own fields in the spec's names, the price in dollars. */
export interface ItemForm {
  name: string;
  name_2nd: string;
  discription: string;
  price: string;
  _idCategory: string;
  raw_sign: boolean;
  spicy_sign: boolean;
  vegan_sign: boolean;
  size_alias: string;
  _idPrinters: string[];
}

export function formOf(item: MenuItem | undefined, categoryId: string): ItemForm {
  return {
    name: item?.name ?? '',
    name_2nd: item?.name_2nd ?? '',
    discription: item?.discription ?? '',
    price: item ? (item.priceCents / 100).toFixed(2) : '',
    _idCategory: item?._idCategory ?? categoryId,
    raw_sign: item?.raw_sign ?? false,
    spicy_sign: item?.spicy_sign ?? false,
    vegan_sign: item?.vegan_sign ?? false,
    size_alias: item?.size_alias ?? '',
    _idPrinters: item?._idPrinters ?? [],
  };
}

const same = (a: ItemForm[keyof ItemForm], b: ItemForm[keyof ItemForm]) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x) => b.includes(x))
    : a === b;

/** The fields that differ from what was loaded: what an edit sends. */
export function changesOf(initial: ItemForm, form: ItemForm): ItemEditBody {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(form) as (keyof ItemForm)[]) {
    if (!same(initial[key], form[key])) out[key] = form[key];
  }
  return out as ItemEditBody;
}

/** Which of the spec's alerts a failed edit shows: what it was about (M8.34, M8.40). */
export function editFailure(body: ItemEditBody): SaveFailure {
  const keys = Object.keys(body);
  if (keys.length > 0 && keys.every((k) => k === '_idPrinters')) return 'itemPrinters';
  if (keys.length > 0 && keys.every((k) => k === 'availableHour')) return 'itemAvailability';
  return 'saveItem';
}

type Sub =
  | { kind: 'confirm' }
  | { kind: 'crop'; src: string; name: string }
  | { kind: 'size'; size?: MenuItem['size'][number] }
  | { kind: 'option'; option?: MenuItem['options'][number] }
  | {
      kind: 'value';
      optionId: string;
      optionName: string;
      value?: MenuItem['options'][number]['optionValues'][number];
    }
  | null;

interface PendingImage {
  blob: Blob;
  name: string;
  url: string;
}

export function ItemEditor({
  merchantId,
  itemId: startId,
  categories,
  defaultCategoryId,
  onClose,
}: {
  merchantId: string;
  /** The item to edit; null adds one (then the editor goes on with the new item). */
  itemId: string | null;
  categories: MenuCategory[];
  defaultCategoryId: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const writes = useMemo(() => menuWrites(merchantId), [merchantId]);
  const items = useMenuItems(merchantId);
  const printers = usePrinters(merchantId);
  const [itemId, setItemId] = useState(startId);
  const item = items.data?.find((i) => i._id === itemId);
  const [initial, setInitial] = useState(() => formOf(item, defaultCategoryId));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [image, setImage] = useState<PendingImage | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [sub, setSub] = useState<Sub>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  // Object URLs live as long as they are shown.
  useEffect(() => () => (image ? URL.revokeObjectURL(image.url) : undefined), [image]);
  useEffect(() => () => (sub?.kind === 'crop' ? URL.revokeObjectURL(sub.src) : undefined), [sub]);

  const adding = itemId === null;
  const changes = changesOf(initial, form);
  const dirty = Object.keys(changes).length > 0 || image !== null;
  const set = <K extends keyof ItemForm>(key: K, value: ItemForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const requestClose = () => (dirty ? setSub({ kind: 'confirm' }) : onClose());

  /** A failure the form cannot show on a field: the spec's alert, every modal closed (M8.43). */
  const fail = (which: SaveFailure) => {
    flash('error', failureText(which));
    onClose();
  };

  const chooseImage = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setImageError('Please choose a PNG or JPEG picture.');
      return;
    }
    setImageError(null);
    setSub({ kind: 'crop', src: URL.createObjectURL(file), name: file.name });
  };

  /** Uploads the cropped picture and hands it to item_complete with the other changes. */
  const complete = async (id: string, body: ItemEditBody, pending: PendingImage) => {
    const upload = await uploadImage(pending.blob, pending.name.replace(/\.\w+$/, '') + '.jpg');
    try {
      return await writes.complete(id, body, upload.fileName);
    } catch (error) {
      // The upload was not taken: drop it rather than let it wait for the cleanup job.
      void writes.discardUpload(upload.fileName).catch(() => undefined);
      throw error;
    }
  };

  const save = async () => {
    if (adding) {
      const body = { ...form };
      const check = itemAddBody.safeParse(body);
      if (!check.success) return setErrors(issuesByField(check.error)); // V5.79
      setErrors({});
      setSaving(true);
      let added: MenuItem;
      try {
        added = await writes.add(body);
      } catch (error) {
        setSaving(false);
        if (isApiError(error, 'invalid_input') && error.issues.length) {
          return setErrors(apiIssuesByField(error.issues));
        }
        return fail('addItem'); // M8.35
      }
      storeItem(client, merchantId, added);
      if (image) {
        try {
          storeItem(client, merchantId, await complete(added._id, {}, image));
        } catch {
          setSaving(false);
          return fail('saveItem');
        }
      }
      void client.invalidateQueries({ queryKey: menuKeys.items(merchantId) });
      flash('success', MESSAGES.ADDED);
      // Go on with the new item: its sizes and options can be added now.
      const next = formOf(added, added._idCategory);
      setItemId(added._id);
      setInitial(next);
      setForm(next);
      setImage(null);
      setSaving(false);
      return;
    }

    const check = itemEditBody.safeParse(changes);
    if (!check.success) return setErrors(issuesByField(check.error)); // V5.78
    setErrors({});
    if (!dirty || !itemId) return onClose();
    setSaving(true);
    try {
      const saved = image
        ? await complete(itemId, changes, image)
        : await writes.update(itemId, changes);
      storeItem(client, merchantId, saved);
      void client.invalidateQueries({ queryKey: menuKeys.items(merchantId) });
      flash('success', MESSAGES.UPDATED);
      onClose();
    } catch (error) {
      setSaving(false);
      if (isApiError(error, 'invalid_input') && error.issues.length) {
        return setErrors(apiIssuesByField(error.issues));
      }
      fail(editFailure(changes)); // M8.34, M8.40
    }
  };

  /** A size, option or value write: the answer is the item; a failure closes all (M8.41). */
  const choiceWrite = async (write: () => Promise<MenuItem>, added: boolean) => {
    try {
      storeItem(client, merchantId, await write());
    } catch (error) {
      if (isApiError(error, 'invalid_input') && error.issues.length) throw error;
      fail('sizeOptionValue');
      return;
    }
    flash('success', added ? MESSAGES.ADDED : MESSAGES.UPDATED);
    setSub(null);
  };
  const remove = async (key: string, write: () => Promise<MenuItem>) => {
    setRemoving(key);
    await choiceWrite(write, false);
    setRemoving(null);
  };

  const shownImage = image?.url ?? item?.imgUrl ?? null;
  const title = adding ? 'Add item' : `Edit item`;
  return (
    <DashboardDialog
      title={title}
      onClose={requestClose}
      className="item-editor"
      dismissable={!saving}
    >
      <form
        className="menu-form item-editor__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="item-editor__grid">
          <div className="item-editor__fields">
            <TextInput
              id="item-name"
              label="Name"
              value={form.name}
              onChange={(v) => set('name', v)}
              error={errors.name}
              required
              autoFocus={adding}
            />
            <TextInput
              id="item-name2"
              label="Second-language name"
              value={form.name_2nd}
              onChange={(v) => set('name_2nd', v)}
              error={errors.name_2nd}
            />
            <TextInput
              id="item-description"
              label="Description"
              value={form.discription}
              onChange={(v) => set('discription', v)}
              error={errors.discription}
              multiline
            />
            <div className="menu-form__row">
              <TextInput
                id="item-price"
                label="Price"
                value={form.price}
                onChange={(v) => set('price', v)}
                error={errors.price}
                hint={PRICE_HINT}
                inputMode="decimal"
                required
              />
              <div className="dash-field menu-field">
                <label htmlFor="item-category">
                  Category<span aria-hidden="true"> *</span>
                </label>
                <select
                  id="item-category"
                  value={form._idCategory}
                  onChange={(e) => set('_idCategory', e.target.value)}
                  aria-required
                  aria-invalid={errors._idCategory ? true : undefined}
                  aria-describedby={errors._idCategory ? 'item-category-error' : undefined}
                >
                  <option value="">Choose a category</option>
                  {categories.map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {errors._idCategory ? (
                  <p id="item-category-error" className="form-error menu-field__error">
                    {errors._idCategory}
                  </p>
                ) : null}
              </div>
            </div>
            <fieldset className="menu-fieldset">
              <legend>Marks</legend>
              <div className="menu-form__checks">
                <CheckField
                  id="item-raw"
                  label="Raw"
                  checked={form.raw_sign}
                  onChange={(v) => set('raw_sign', v)}
                />
                <CheckField
                  id="item-spicy"
                  label="Spicy"
                  checked={form.spicy_sign}
                  onChange={(v) => set('spicy_sign', v)}
                />
                <CheckField
                  id="item-vegan"
                  label="Vegan"
                  checked={form.vegan_sign}
                  onChange={(v) => set('vegan_sign', v)}
                />
              </div>
            </fieldset>
            <TextInput
              id="item-size-alias"
              label="Size label"
              value={form.size_alias}
              onChange={(v) => set('size_alias', v)}
              error={errors.size_alias}
              hint="What the sizes are called on the item, e.g. Portion; empty: Size."
            />
          </div>

          <div className="item-editor__side">
            <div className="item-editor__image">
              <p className="item-editor__label" id="item-image-label">
                Picture
              </p>
              {shownImage ? (
                <img
                  src={shownImage}
                  alt={image ? 'The new picture, cropped' : `${form.name || 'Item'} picture`}
                  width={240}
                  height={160}
                />
              ) : (
                <div className="item-editor__noimage">No picture</div>
              )}
              {image ? <p className="muted">New picture: saved with the item.</p> : null}
              <FileTrigger
                acceptedFileTypes={IMAGE_ACCEPT.split(',')}
                onSelect={(files) => chooseImage(files)}
              >
                <Button className="button" aria-describedby="item-image-label">
                  {shownImage ? 'Change picture' : 'Choose picture'}
                </Button>
              </FileTrigger>
              <p className="menu-field__hint">PNG or JPEG; you frame it to 3:2 next.</p>
              {imageError ? (
                <p className="form-error" role="alert">
                  {imageError}
                </p>
              ) : null}
            </div>

            <fieldset className="menu-fieldset">
              <legend>Printers</legend>
              {printers.isPending ? (
                <p className="muted">Loading the printers…</p>
              ) : printers.isError ? (
                <p className="form-error">The printers could not be loaded.</p>
              ) : printers.data.length === 0 ? (
                <p className="muted">No kitchen or label printers are set up.</p>
              ) : (
                <div className="menu-form__checks menu-form__checks--column">
                  {printers.data.map((p) => (
                    <CheckField
                      key={p._id}
                      id={`item-printer-${p._id}`}
                      label={p.description ? `${p.name} (${p.description})` : p.name}
                      checked={form._idPrinters.includes(p._id)}
                      onChange={(on) =>
                        set(
                          '_idPrinters',
                          on
                            ? [...form._idPrinters, p._id]
                            : form._idPrinters.filter((x) => x !== p._id),
                        )
                      }
                    />
                  ))}
                </div>
              )}
              {errors._idPrinters ? (
                <p className="form-error menu-field__error">{errors._idPrinters}</p>
              ) : null}
            </fieldset>
          </div>
        </div>

        <div className="dash-dialog__actions">
          <button type="button" className="button" onClick={requestClose} disabled={saving}>
            {adding ? 'Cancel' : 'Close'}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : adding ? 'Add item' : 'Save'}
          </button>
        </div>
      </form>

      {item ? (
        <div className="item-editor__choices">
          <section aria-labelledby="item-sizes-title" className="item-editor__section">
            <div className="item-editor__section-head">
              <h3 id="item-sizes-title">Sizes</h3>
              <button type="button" className="button" onClick={() => setSub({ kind: 'size' })}>
                Add size
              </button>
            </div>
            {item.size.length === 0 ? (
              <p className="muted">No sizes: the item has one price.</p>
            ) : (
              <ul className="item-editor__list">
                {item.size.map((s) => (
                  <li key={s._id}>
                    <span>
                      {s.name}
                      {s.name_2nd ? <span className="muted"> {s.name_2nd}</span> : null}
                    </span>
                    <span className="item-editor__price">{formatCents(s.priceCents)}</span>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Edit size ${s.name}`}
                      onClick={() => setSub({ kind: 'size', size: s })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Remove size ${s.name}`}
                      disabled={removing !== null}
                      onClick={() => void remove(s._id, () => writes.removeSize(item._id, s._id))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="item-options-title" className="item-editor__section">
            <div className="item-editor__section-head">
              <h3 id="item-options-title">Options</h3>
              <button type="button" className="button" onClick={() => setSub({ kind: 'option' })}>
                Add option
              </button>
            </div>
            {item.options.length === 0 ? (
              <p className="muted">No options.</p>
            ) : (
              <ul className="item-editor__options">
                {item.options.map((o) => (
                  <li key={o._id} className="item-editor__option">
                    <div className="item-editor__option-head">
                      <h4>
                        {o.name}
                        {o.name_2nd ? <span className="muted"> {o.name_2nd}</span> : null}
                      </h4>
                      <span className="muted">{ruleText(o)}</span>
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() =>
                          setSub({ kind: 'value', optionId: o._id, optionName: o.name })
                        }
                        aria-label={`Add value to ${o.name}`}
                      >
                        Add value
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Edit option ${o.name}`}
                        onClick={() => setSub({ kind: 'option', option: o })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Remove option ${o.name}`}
                        disabled={removing !== null}
                        onClick={() =>
                          void remove(o._id, () => writes.removeOption(item._id, o._id))
                        }
                      >
                        Remove
                      </button>
                    </div>
                    {o.optionValues.length === 0 ? (
                      <p className="muted">No values yet.</p>
                    ) : (
                      <ul className="item-editor__list">
                        {o.optionValues.map((v) => (
                          <li key={v._id}>
                            <span>
                              {v.name}
                              {v.name_2nd ? <span className="muted"> {v.name_2nd}</span> : null}
                            </span>
                            <span className="item-editor__price">
                              {v.priceCents ? `+${formatCents(v.priceCents)}` : ''}
                            </span>
                            <button
                              type="button"
                              className="button button--ghost"
                              aria-label={`Edit value ${v.name} of ${o.name}`}
                              onClick={() =>
                                setSub({
                                  kind: 'value',
                                  optionId: o._id,
                                  optionName: o.name,
                                  value: v,
                                })
                              }
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className="button button--ghost"
                              aria-label={`Remove value ${v.name} of ${o.name}`}
                              disabled={removing !== null}
                              onClick={() =>
                                void remove(v._id, () => writes.removeValue(item._id, o._id, v._id))
                              }
                            >
                              Remove
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ItemHours item={item} merchantId={merchantId} writes={writes} />
        </div>
      ) : (
        <p className="muted">Sizes and options can be added once the item is added.</p>
      )}

      {sub?.kind === 'confirm' ? (
        <DashboardDialog title="Unsaved changes" role="alertdialog" onClose={() => setSub(null)}>
          <p>{UNSAVED_CHANGES}</p>
          <div className="dash-dialog__actions">
            <button type="button" className="button" onClick={() => setSub(null)} autoFocus>
              Keep editing
            </button>
            <button type="button" className="button button--danger" onClick={onClose}>
              Close without saving
            </button>
          </div>
        </DashboardDialog>
      ) : null}
      {sub?.kind === 'crop' ? (
        <ImageCropModal
          src={sub.src}
          onCancel={() => setSub(null)}
          onCropped={(blob) => {
            setImage({ blob, name: sub.name, url: URL.createObjectURL(blob) });
            setSub(null);
          }}
        />
      ) : null}
      {sub?.kind === 'size' && item ? (
        <SizeAddModal
          initial={sub.size ? priceForm(sub.size) : undefined}
          onClose={() => setSub(null)}
          onSubmit={(body) => {
            const size = sub.size;
            return size
              ? choiceWrite(() => writes.editSize(item._id, size._id, body as SizeEditBody), false)
              : choiceWrite(() => writes.addSize(item._id, body as SizeAddBody), true);
          }}
        />
      ) : null}
      {sub?.kind === 'option' && item ? (
        <OptionAddModal
          initial={sub.option ? optionForm(sub.option) : undefined}
          onClose={() => setSub(null)}
          onSubmit={(body) => {
            const option = sub.option;
            return option
              ? choiceWrite(
                  () => writes.editOption(item._id, option._id, body as OptionEditBody),
                  false,
                )
              : choiceWrite(() => writes.addOption(item._id, body as OptionAddBody), true);
          }}
        />
      ) : null}
      {sub?.kind === 'value' && item ? (
        <OptionValueAddModal
          optionName={sub.optionName}
          initial={sub.value ? priceForm(sub.value) : undefined}
          onClose={() => setSub(null)}
          onSubmit={(body) => {
            const value = sub.value;
            return value
              ? choiceWrite(
                  () =>
                    writes.editValue(
                      item._id,
                      sub.optionId,
                      value._id,
                      body as OptionValueEditBody,
                    ),
                  false,
                )
              : choiceWrite(
                  () => writes.addValue(item._id, sub.optionId, body as OptionValueAddBody),
                  true,
                );
          }}
        />
      ) : null}
    </DashboardDialog>
  );
}

/** A stored size or value as its form shows it (price in dollars). */
function priceForm(r: { name: string; name_2nd: string; priceCents: number }) {
  return { name: r.name, name_2nd: r.name_2nd, price: (r.priceCents / 100).toFixed(2) };
}

function optionForm(o: MenuItem['options'][number]) {
  const count = (n: number | null) => (n === null ? '' : String(n));
  return {
    name: o.name,
    name_2nd: o.name_2nd,
    numberToSelect: o.numberToSelect ? String(o.numberToSelect) : '',
    minNumberToSelect: count(o.minNumberToSelect),
    maxNumberToSelect: count(o.maxNumberToSelect),
    required: o.required,
  };
}

function ruleText(o: MenuItem['options'][number]): string {
  const parts: string[] = [o.required ? 'Required' : 'Optional'];
  if (o.minNumberToSelect !== null) parts.push(`at least ${o.minNumberToSelect}`);
  if (o.maxNumberToSelect !== null) parts.push(`at most ${o.maxNumberToSelect}`);
  if (o.numberToSelect > 0) parts.push(`choose ${o.numberToSelect}`);
  return parts.join(', ');
}
