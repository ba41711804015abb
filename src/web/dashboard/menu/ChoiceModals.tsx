// The size, option and option-value modals (spec §2, §5): each adds one, or, given the stored one,
// edits it in place (issue 28: only the fields changed are sent, to the edit routes of
// src/contract/menu-structure.ts). Each form is checked by its route's own schema before anything
// is sent (checklist V5.80–V5.82, V5.84–V5.86: names required, prices and counts numeric and at
// most 99999), then sent; the item editor stores what the server answers.
import { useState } from 'react';
import {
  optionEditBody,
  optionValueEditBody,
  sizeEditBody,
} from '../../../contract/menu-structure.js';
import { optionAddBody, optionValueAddBody, sizeAddBody } from '../../../contract/menu-writes.js';
import { isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { apiIssuesByField, CheckField, issuesByField, TextInput } from '../components/fields.js';
import type {
  OptionAddBody,
  OptionEditBody,
  OptionValueAddBody,
  OptionValueEditBody,
  SizeAddBody,
  SizeEditBody,
} from './queries.js';

const PRICE_HINT = 'In dollars, e.g. 2.50; at most 99999.';
const COUNT_HINT = 'A whole number, at most 99999; empty for none.';

/** Sends the body; a refusal naming fields shows on them, anything else is the editor's to handle. */
type Submit<B> = (body: B) => Promise<void>;

function useSubmit<B>(submit: Submit<B>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (body: B, check: { success: boolean; error?: unknown }) => {
    if (!check.success) {
      setErrors(issuesByField(check.error as Parameters<typeof issuesByField>[0]));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await submit(body);
    } catch (error) {
      setBusy(false);
      if (isApiError(error, 'invalid_input') && error.issues.length) {
        setErrors(apiIssuesByField(error.issues));
      }
    }
  };
  return { errors, busy, run };
}

/** The fields of `form` that differ from `initial`: what an edit sends. */
function changedFields<F extends Record<string, unknown>>(initial: F, form: F): Partial<F> {
  const out: Partial<F> = {};
  for (const key of Object.keys(form) as (keyof F)[]) {
    if (form[key] !== initial[key]) out[key] = form[key];
  }
  return out;
}

/**
 * Add: the whole form, checked by the add schema. Edit: only what changed, checked by the edit
 * schema; nothing changed closes the modal.
 */
function submitFor<F extends Record<string, unknown>, A, E>(
  form: F,
  initial: F | undefined,
  run: (body: A | E, check: { success: boolean; error?: unknown }) => Promise<void>,
  add: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  edit: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  onClose: () => void,
) {
  if (!initial) return void run(form as unknown as A, add.safeParse(form));
  const changed = changedFields(initial, form);
  if (Object.keys(changed).length === 0) return onClose();
  return void run(changed as unknown as E, edit.safeParse(changed));
}

function Actions({ busy, onClose, label }: { busy: boolean; onClose: () => void; label: string }) {
  return (
    <div className="dash-dialog__actions">
      <button type="button" className="button" onClick={onClose} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? (label === 'Save' ? 'Saving…' : 'Adding…') : label}
      </button>
    </div>
  );
}

export interface SizeForm extends Record<string, unknown> {
  name: string;
  name_2nd: string;
  price: string;
}

export function SizeAddModal({
  initial,
  onSubmit,
  onClose,
}: {
  /** The stored size, to edit it in place; absent: a new size. */
  initial?: SizeForm;
  onSubmit: Submit<SizeAddBody | SizeEditBody>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<SizeForm>(initial ?? { name: '', name_2nd: '', price: '' });
  const { errors, busy, run } = useSubmit(onSubmit);
  return (
    <DashboardDialog
      title={initial ? 'Edit size' : 'Add size'}
      onClose={onClose}
      dismissable={!busy}
    >
      <form
        className="menu-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitFor(form, initial, run, sizeAddBody, sizeEditBody, onClose);
        }}
      >
        <TextInput
          id="size-name"
          label="Size name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          error={errors.name}
          required
          autoFocus
        />
        <TextInput
          id="size-name2"
          label="Second-language name"
          value={form.name_2nd}
          onChange={(name_2nd) => setForm({ ...form, name_2nd })}
          error={errors.name_2nd}
        />
        <TextInput
          id="size-price"
          label="Size price"
          value={form.price}
          onChange={(price) => setForm({ ...form, price })}
          error={errors.price}
          hint={PRICE_HINT}
          inputMode="decimal"
          required
        />
        <Actions busy={busy} onClose={onClose} label={initial ? 'Save' : 'Add size'} />
      </form>
    </DashboardDialog>
  );
}

export interface OptionForm extends Record<string, unknown> {
  name: string;
  name_2nd: string;
  numberToSelect: string;
  minNumberToSelect: string;
  maxNumberToSelect: string;
  required: boolean;
}

export function OptionAddModal({
  initial,
  onSubmit,
  onClose,
}: {
  initial?: OptionForm;
  onSubmit: Submit<OptionAddBody | OptionEditBody>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<OptionForm>(
    initial ?? {
      name: '',
      name_2nd: '',
      numberToSelect: '',
      minNumberToSelect: '',
      maxNumberToSelect: '',
      required: false,
    },
  );
  const { errors, busy, run } = useSubmit(onSubmit);
  return (
    <DashboardDialog
      title={initial ? 'Edit option' : 'Add option'}
      onClose={onClose}
      dismissable={!busy}
    >
      <form
        className="menu-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitFor(form, initial, run, optionAddBody, optionEditBody, onClose);
        }}
      >
        <TextInput
          id="option-name"
          label="Option name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          error={errors.name}
          hint="What the diner chooses, e.g. Spice level."
          required
          autoFocus
        />
        <TextInput
          id="option-name2"
          label="Second-language name"
          value={form.name_2nd}
          onChange={(name_2nd) => setForm({ ...form, name_2nd })}
          error={errors.name_2nd}
        />
        <div className="menu-form__row">
          <TextInput
            id="option-number"
            label="Number to select"
            value={form.numberToSelect}
            onChange={(numberToSelect) => setForm({ ...form, numberToSelect })}
            error={errors.numberToSelect}
            hint="0 or empty: any number."
            inputMode="numeric"
          />
          <TextInput
            id="option-min"
            label="Minimum"
            value={form.minNumberToSelect}
            onChange={(minNumberToSelect) => setForm({ ...form, minNumberToSelect })}
            error={errors.minNumberToSelect}
            hint={COUNT_HINT}
            inputMode="numeric"
          />
          <TextInput
            id="option-max"
            label="Maximum"
            value={form.maxNumberToSelect}
            onChange={(maxNumberToSelect) => setForm({ ...form, maxNumberToSelect })}
            error={errors.maxNumberToSelect}
            hint={COUNT_HINT}
            inputMode="numeric"
          />
        </div>
        <CheckField
          id="option-required"
          label="Required: the diner must choose"
          checked={form.required}
          onChange={(required) => setForm({ ...form, required })}
        />
        <Actions busy={busy} onClose={onClose} label={initial ? 'Save' : 'Add option'} />
      </form>
    </DashboardDialog>
  );
}

export function OptionValueAddModal({
  optionName,
  initial,
  onSubmit,
  onClose,
}: {
  optionName: string;
  initial?: SizeForm;
  onSubmit: Submit<OptionValueAddBody | OptionValueEditBody>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<SizeForm>(initial ?? { name: '', name_2nd: '', price: '' });
  const { errors, busy, run } = useSubmit(onSubmit);
  return (
    <DashboardDialog
      title={initial ? `Edit value of ${optionName}` : `Add value to ${optionName}`}
      onClose={onClose}
      dismissable={!busy}
    >
      <form
        className="menu-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitFor(form, initial, run, optionValueAddBody, optionValueEditBody, onClose);
        }}
      >
        <TextInput
          id="value-name"
          label="Value name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          error={errors.name}
          required
          autoFocus
        />
        <TextInput
          id="value-name2"
          label="Second-language name"
          value={form.name_2nd}
          onChange={(name_2nd) => setForm({ ...form, name_2nd })}
          error={errors.name_2nd}
        />
        <TextInput
          id="value-price"
          label="Extra price"
          value={form.price}
          onChange={(price) => setForm({ ...form, price })}
          error={errors.price}
          hint={`${PRICE_HINT} Empty: no extra charge.`}
          inputMode="decimal"
        />
        <Actions busy={busy} onClose={onClose} label={initial ? 'Save' : 'Add value'} />
      </form>
    </DashboardDialog>
  );
}
