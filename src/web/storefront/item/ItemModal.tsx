// The item detail modal (spec §2, rules §4 "Item and cart"): sizes, option groups, note,
// quantity and Add to Cart with the running price. Loaded lazily: it is not in the store page's
// first load. Dialog, focus trap, Escape and focus return come from react-aria-components
// (docs/decisions/storefront-ui-library.md).
import { useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  FieldError,
  Group,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  NumberField,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import '../dialog/dialog.css';
import './item-modal.css';
import type { PublicItemView } from '../../../contract/menu.js';
import { NOTE_MAX, normalizeNote } from '../../../domain/format/fields.js';
import { MAX_QUANTITY } from '../../../domain/pricing/line.js';
import { formatCents } from '../../lib/format.js';
import type { AddLine } from '../cart/queries.js';
import type { ItemDisplay } from '../display.js';
import {
  VALUES_SHOWN_FIRST,
  checkItemChoice,
  forChoice,
  groupBounds,
  runningPriceCents,
  selectionHint,
  selectionNeed,
  toggleSelection,
} from './choice.js';

/** A cart line's choice, to reopen the modal on it (Edit in the cart, ours: issue 25). */
export interface ItemModalInitial {
  sizeId: string | null;
  options: Record<string, string[]>;
  quantity: number;
  note: string;
}

export interface ItemModalProps {
  item: PublicItemView;
  display: ItemDisplay;
  /** Adds the line through the cart API (or updates the line edited); closes when it resolves. */
  onAdd: (line: AddLine) => Promise<unknown>;
  onClose: () => void;
  /** Editing a cart line: its choice prefilled, and the button says Update. */
  initial?: ItemModalInitial;
}

export default function ItemModal({ item, display, onAdd, onClose, initial }: ItemModalProps) {
  const [sizeId, setSizeId] = useState<string | null>(initial?.sizeId ?? null);
  const [options, setOptions] = useState<Record<string, string[]>>(initial?.options ?? {});
  const [quantity, setQuantity] = useState(initial?.quantity ?? 1);
  const [note, setNote] = useState(initial?.note ?? '');
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  /** The group a refused choice is about: named in the alert and marked in place (issue 28). */
  const [wrongGroup, setWrongGroup] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const choice = { sizeId, options, quantity, note };
  const priceCents = runningPriceCents(item, choice);
  const orderable = item.available && !item.soldout;
  const missing = item.options.find((g) => g._id === wrongGroup);

  async function add() {
    // Ignored while a previous add is on its way (spec §4) and for items that cannot be ordered.
    if (adding || !orderable) return;
    const checked = checkItemChoice(forChoice(item), choice);
    if (!checked.ok) {
      setError(checked.message);
      setWrongGroup(checked.optionId ?? null);
      return;
    }
    setError(null);
    setWrongGroup(null);
    setAdding(true);
    try {
      await onAdd({ itemId: item._id, sizeId, options, quantity, note: checked.note });
      onClose();
    } catch (e) {
      setError(
        e instanceof Error
          ? e.message
          : initial
            ? 'Could not update the item.'
            : 'Could not add the item.',
      );
      setAdding(false);
    }
  }

  const marks = [
    display.raw && item.raw_sign ? 'Raw' : null,
    display.spicy && item.spicy_sign ? 'Spicy' : null,
    display.vegan && item.vegan_sign ? 'Vegan' : null,
  ].filter((m) => m !== null);

  return (
    <ModalOverlay
      className="dialog-overlay"
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="dialog-card item-modal">
        <Dialog className="item-modal__dialog" aria-label={item.name}>
          <div className="item-modal__scroll">
            {item.imgUrl ? (
              <img className="item-modal__image" src={item.imgUrl} alt={item.name} />
            ) : null}
            <div className="item-modal__head">
              <Heading slot="title" className="item-modal__name">
                {item.name}
              </Heading>
              <Button slot="close" className="icon-button item-modal__close" aria-label="Close">
                ×
              </Button>
            </div>
            {display.secondLanguage && item.name_2nd ? (
              <p className="item-modal__name2">{item.name_2nd}</p>
            ) : null}
            {item.discription ? <p className="item-modal__desc">{item.discription}</p> : null}
            {marks.length > 0 ? (
              <p className="item-modal__marks">
                {marks.map((m) => (
                  <span key={m} className={`mark mark--${m.toLowerCase()}`}>
                    {m}
                  </span>
                ))}
              </p>
            ) : null}

            {item.size.length > 0 ? (
              <RadioGroup
                className="choice-group"
                value={sizeId}
                onChange={(v) => {
                  setSizeId(v);
                  setError(null);
                }}
              >
                <div className="choice-group__head">
                  <Label className="choice-group__title">{item.size_alias || 'Size'}</Label>
                  <Text slot="description" className="choice-group__hint choice-group__hint--req">
                    Required
                  </Text>
                </div>
                {item.size.map((s) => (
                  <Radio key={s._id} value={s._id} className="choice">
                    <span className="choice__box choice__box--radio" aria-hidden />
                    <span className="choice__name">
                      {s.name}
                      {display.secondLanguage && s.name_2nd ? ` ${s.name_2nd}` : ''}
                    </span>
                    <span className="choice__price">{formatCents(s.priceCents)}</span>
                  </Radio>
                ))}
              </RadioGroup>
            ) : null}

            {item.options.map((g) => {
              const bounds = groupBounds(g);
              const hint = selectionHint(bounds);
              const chosen = options[g._id] ?? [];
              const long = g.optionValues.length > VALUES_SHOWN_FIRST;
              const open = expanded[g._id] === true;
              const shown =
                long && !open ? g.optionValues.slice(0, VALUES_SHOWN_FIRST) : g.optionValues;
              return (
                <CheckboxGroup
                  key={g._id}
                  className="choice-group"
                  value={chosen}
                  isInvalid={wrongGroup === g._id}
                  onChange={(next) => {
                    // Keep the order chosen so a choice past the limit drops the oldest (spec §4).
                    const changed =
                      next.find((v) => !chosen.includes(v)) ??
                      chosen.find((v) => !next.includes(v));
                    if (changed === undefined) return;
                    setOptions({ ...options, [g._id]: toggleSelection(chosen, changed, bounds) });
                    setError(null);
                    setWrongGroup(null);
                  }}
                >
                  <div className="choice-group__head">
                    <Label className="choice-group__title">
                      {g.name}
                      {display.secondLanguage && g.name_2nd ? ` ${g.name_2nd}` : ''}
                    </Label>
                    {hint ? (
                      <Text
                        slot="description"
                        className={`choice-group__hint${bounds.min > 0 ? ' choice-group__hint--req' : ''}`}
                      >
                        {hint}
                      </Text>
                    ) : null}
                  </div>
                  {shown.map((v) => (
                    <Checkbox key={v._id} value={v._id} className="choice">
                      <span className="choice__box" aria-hidden />
                      <span className="choice__name">
                        {v.name}
                        {display.secondLanguage && v.name_2nd ? ` ${v.name_2nd}` : ''}
                      </span>
                      {v.priceCents > 0 ? (
                        <span className="choice__price">+{formatCents(v.priceCents)}</span>
                      ) : null}
                    </Checkbox>
                  ))}
                  {long ? (
                    <Button
                      className="link-button choice-group__more"
                      onPress={() => setExpanded({ ...expanded, [g._id]: !open })}
                    >
                      {open ? 'Show Less' : 'Show More'}
                    </Button>
                  ) : null}
                  <FieldError className="choice-group__error">
                    {selectionNeed(bounds, g.name)}
                  </FieldError>
                </CheckboxGroup>
              );
            })}

            {display.specialInstructions ? (
              <TextField
                className="item-modal__note"
                value={note}
                maxLength={NOTE_MAX}
                onChange={(v) => setNote(normalizeNote(v))}
              >
                <Label className="choice-group__title">Special instructions</Label>
                <TextArea rows={2} placeholder="Add a note (e.g. no onions)" />
              </TextField>
            ) : null}
          </div>

          <div className="item-modal__footer">
            {!orderable ? (
              <p className="item-modal__unavailable" role="status">
                {item.soldout ? 'Sold out' : (item.unavailableNote ?? 'This item unavailable now.')}
              </p>
            ) : null}
            {error ? (
              <p className="item-modal__error" role="alert">
                {error}
                {missing ? (
                  <span className="item-modal__error-need">
                    {' '}
                    {selectionNeed(groupBounds(missing), missing.name)}
                  </span>
                ) : null}
              </p>
            ) : null}
            <div className="item-modal__actions">
              <NumberField
                className="stepper"
                aria-label="Quantity"
                value={quantity}
                minValue={1}
                maxValue={MAX_QUANTITY}
                step={1}
                onChange={(v) => setQuantity(Number.isNaN(v) ? 1 : v)}
              >
                <Group className="stepper__group">
                  <Button slot="decrement" className="stepper__button">
                    −
                  </Button>
                  <Input className="stepper__input" />
                  <Button slot="increment" className="stepper__button">
                    +
                  </Button>
                </Group>
              </NumberField>
              <Button
                className="button button--primary item-modal__add"
                isDisabled={!orderable}
                isPending={adding}
                onPress={() => void add()}
              >
                <span>{initial ? 'Update' : 'Add to Cart'}</span>{' '}
                <span className="item-modal__add-price">{formatCents(priceCents)}</span>
              </Button>
            </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
