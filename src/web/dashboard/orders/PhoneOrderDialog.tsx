// "New phone order" (issue 27, C7.94, docs/decisions/phone-orders.md): staff type an order a diner
// phones in — the menu's items with their sizes and options, the caller's name and phone — paid at
// pickup in cash. The server prices it like a diner's cart and places it like any order, so it
// reaches the board (and the printers) as one; the dialog then selects it.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components';
import { type ItemView, itemForChoice } from '../../../contract/menu.js';
import { createPhoneOrder } from '../../../contract/refs.js';
import { idempotencyKeySchema } from '../../../contract/checkout.js';
import { MESSAGES } from '../../../domain/messages.js';
import {
  checkItemChoice,
  selectionBounds,
  selectionHint,
  toggleSelection,
} from '../../../domain/options/index.js';
import { MAX_QUANTITY, priceLine } from '../../../domain/pricing/line.js';
import { NAME_MAX, checkPhone } from '../../../domain/validation/fields.js';
import { call, isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { useMenuItems } from '../menu/queries.js';
import { ordersKeys } from './queries.js';
import { placingHere } from '../live/placed-here.js';
import './phone-order.css';

/** Ours: placing with no line (the spec's empty-cart text speaks to a diner's cart). */
export const PHONE_ORDER_NO_ITEMS = 'Add at least one item to the order.';

interface Line {
  key: number;
  item: ItemView;
  sizeId: string | null;
  options: Record<string, string[]>;
  quantity: number;
  note: string;
}

const newKey = () => idempotencyKeySchema.parse(crypto.randomUUID().replaceAll('-', ''));

function lineGross(l: Pick<Line, 'item' | 'sizeId' | 'options' | 'quantity'>): number {
  const size = l.item.size.find((s) => s._id === l.sizeId);
  return priceLine({
    unitPriceCents: size ? size.priceCents : l.item.priceCents,
    optionPricesCents: l.item.options.flatMap((g) =>
      (l.options[g._id] ?? []).map(
        (id) => g.optionValues.find((v) => v._id === id)?.priceCents ?? 0,
      ),
    ),
    quantity: l.quantity,
  }).grossCents;
}

function lineText(l: Line): string {
  const size = l.item.size.find((s) => s._id === l.sizeId)?.name;
  const values = l.item.options.flatMap((g) =>
    (l.options[g._id] ?? []).map((id) => g.optionValues.find((v) => v._id === id)?.name ?? ''),
  );
  return [size, ...values, l.note].filter(Boolean).join(', ');
}

export function NewPhoneOrderButton({
  merchantId,
  onPlaced,
}: {
  merchantId: string;
  onPlaced: (orderId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="button phone-order-open" onPress={() => setOpen(true)}>
        New phone order
      </Button>
      {open ? (
        <PhoneOrderDialog
          merchantId={merchantId}
          onClose={() => setOpen(false)}
          onPlaced={(id) => {
            setOpen(false);
            onPlaced(id);
          }}
        />
      ) : null}
    </>
  );
}

export function PhoneOrderDialog({
  merchantId,
  onClose,
  onPlaced,
}: {
  merchantId: string;
  onClose: () => void;
  onPlaced: (orderId: string) => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const menu = useMenuItems(merchantId);
  const items = useMemo(() => menu.data ?? [], [menu.data]);

  // The line being chosen.
  const [itemId, setItemId] = useState<string | null>(null);
  const [itemText, setItemText] = useState('');
  const [sizeId, setSizeId] = useState<string | null>(null);
  const [options, setOptions] = useState<Record<string, string[]>>({});
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [lineError, setLineError] = useState<string | null>(null);
  // The order.
  const [lines, setLines] = useState<Line[]>([]);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const lineSeq = useRef(0);
  // One key per attempt: a retry of the same order sends it again (the server answers the order
  // it placed); any change to the order makes a new one.
  const key = useRef(newKey());
  const changed = () => {
    key.current = newKey();
    setError(null);
  };

  const item = items.find((i) => i._id === itemId) ?? null;
  const chooseItem = (id: string | null) => {
    const next = items.find((i) => i._id === id) ?? null;
    setItemId(next?._id ?? null);
    setItemText(next?.name ?? '');
    setSizeId(next?.size[0]?._id ?? null);
    setOptions({});
    setQuantity(1);
    setNote('');
    setLineError(null);
  };

  const addLine = () => {
    if (!item) {
      setLineError('Choose an item.');
      return;
    }
    const result = checkItemChoice(itemForChoice(item), { sizeId, options, quantity, note });
    if (!result.ok) {
      setLineError(result.message);
      return;
    }
    setLines([...lines, { key: ++lineSeq.current, item, sizeId, options, quantity, note }]);
    changed();
    chooseItem(null);
  };

  const place = async () => {
    if (lines.length === 0) {
      setError(PHONE_ORDER_NO_ITEMS);
      return;
    }
    if (!name.trim() || name.trim().length > NAME_MAX || checkPhone(phone) !== null) {
      setError(MESSAGES.PHONE_AND_NAME_REQUIRED);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await placingHere(
        call(createPhoneOrder, {
          params: { merchantId },
          body: {
            idempotencyKey: key.current,
            orderItems: lines.map((l) => ({
              itemId: l.item._id,
              sizeId: l.sizeId,
              options: l.options,
              quantity: l.quantity,
              note: l.note,
            })),
            checkout: { customerName: name.trim(), phone, time: { kind: 'asap' } },
          },
        }),
      );
      await client.invalidateQueries({ queryKey: ordersKeys.all(merchantId) });
      flash('success', `${MESSAGES.ADDED}: order #${answer.orderId ?? ''}`);
      onPlaced(answer._id);
    } catch (e) {
      setError(
        isApiError(e) ? e.message : 'The order was not sent. Check the network and try again.',
      );
    } finally {
      setSending(false);
    }
  };

  const estimate = lines.reduce((sum, l) => sum + lineGross(l), 0);
  return (
    <DashboardDialog
      title="New phone order"
      onClose={onClose}
      dismissable={!sending}
      className="phone-order"
    >
      <section className="phone-order__section" aria-labelledby="phone-order-item-title">
        <h3 id="phone-order-item-title" className="phone-order__subtitle">
          Add an item
        </h3>
        <ComboBox
          className="dash-field phone-order__item"
          items={items}
          selectedKey={itemId}
          inputValue={itemText}
          onInputChange={setItemText}
          onSelectionChange={(k) => chooseItem(k === null ? null : String(k))}
          menuTrigger="focus"
          isDisabled={menu.isPending}
        >
          <Label>Item</Label>
          <div className="phone-order__combo">
            <Input placeholder={menu.isPending ? 'Loading the menu…' : 'Type to search the menu'} />
            <Button className="dash-icon-button" aria-label="Show the menu">
              ▾
            </Button>
          </div>
          <Popover className="phone-order__popover">
            <ListBox className="phone-order__listbox">
              {(i: ItemView) => (
                <ListBoxItem
                  id={i._id}
                  textValue={i.name}
                  className="phone-order__option"
                  isDisabled={i.soldout}
                >
                  <span>{i.name}</span>
                  <span className="muted">
                    {i.soldout ? 'Sold out' : formatCents(i.size[0]?.priceCents ?? i.priceCents)}
                  </span>
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        {menu.isError ? (
          <p className="form-error" role="alert">
            Cannot load the menu.
          </p>
        ) : null}

        {item ? (
          <div className="phone-order__choice">
            {item.size.length > 0 ? (
              <RadioGroup
                className="phone-order__group"
                value={sizeId}
                onChange={(v) => {
                  setSizeId(v);
                  setLineError(null);
                }}
              >
                <Label className="phone-order__group-title">{item.size_alias || 'Size'}</Label>
                {item.size.map((s) => (
                  <Radio key={s._id} value={s._id} className="phone-order__pick">
                    {s.name} <span className="muted">{formatCents(s.priceCents)}</span>
                  </Radio>
                ))}
              </RadioGroup>
            ) : null}
            {item.options.map((g) => {
              const bounds = selectionBounds(g);
              const hint = selectionHint(bounds);
              const chosen = options[g._id] ?? [];
              return (
                <CheckboxGroup
                  key={g._id}
                  className="phone-order__group"
                  value={chosen}
                  onChange={(next) => {
                    const flipped =
                      next.find((v) => !chosen.includes(v)) ??
                      chosen.find((v) => !next.includes(v));
                    if (flipped === undefined) return;
                    setOptions({ ...options, [g._id]: toggleSelection(chosen, flipped, bounds) });
                    setLineError(null);
                  }}
                >
                  <Label className="phone-order__group-title">{g.name}</Label>
                  {hint ? (
                    <Text slot="description" className="muted">
                      {hint}
                    </Text>
                  ) : null}
                  {g.optionValues.map((v) => (
                    <Checkbox key={v._id} value={v._id} className="phone-order__pick">
                      {v.name}
                      {v.priceCents > 0 ? (
                        <span className="muted"> +{formatCents(v.priceCents)}</span>
                      ) : null}
                    </Checkbox>
                  ))}
                </CheckboxGroup>
              );
            })}
            <div className="phone-order__row">
              <NumberField
                className="dash-field phone-order__qty"
                value={quantity}
                minValue={1}
                maxValue={MAX_QUANTITY}
                step={1}
                onChange={(v) => setQuantity(Number.isFinite(v) ? v : 1)}
              >
                <Label>Quantity</Label>
                <Input />
              </NumberField>
              <TextField className="dash-field phone-order__note" value={note} onChange={setNote}>
                <Label>Note</Label>
                <Input maxLength={200} />
              </TextField>
            </div>
          </div>
        ) : null}
        {lineError ? (
          <p className="form-error" role="alert">
            {lineError}
          </p>
        ) : null}
        <Button className="button" onPress={addLine} isDisabled={!item}>
          Add to order
        </Button>
      </section>

      <section className="phone-order__section" aria-labelledby="phone-order-lines-title">
        <h3 id="phone-order-lines-title" className="phone-order__subtitle">
          Order ({lines.length} {lines.length === 1 ? 'line' : 'lines'})
        </h3>
        {lines.length === 0 ? (
          <p className="muted">No items yet.</p>
        ) : (
          <ul className="phone-order__lines" aria-label="Order lines">
            {lines.map((l) => (
              <li key={l.key}>
                <span>
                  {l.quantity} × {l.item.name}
                  {lineText(l) ? <span className="muted"> — {lineText(l)}</span> : null}
                </span>
                <span>{formatCents(lineGross(l))}</span>
                <Button
                  className="dash-icon-button"
                  aria-label={`Remove ${l.item.name}`}
                  onPress={() => {
                    setLines(lines.filter((x) => x.key !== l.key));
                    changed();
                  }}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
        {lines.length > 0 ? (
          <p className="muted">
            Items {formatCents(estimate)} before tax and fees; the total is computed when the order
            is placed.
          </p>
        ) : null}
      </section>

      <section className="phone-order__section" aria-labelledby="phone-order-caller-title">
        <h3 id="phone-order-caller-title" className="phone-order__subtitle">
          Caller
        </h3>
        <div className="phone-order__row">
          <TextField
            className="dash-field"
            value={name}
            onChange={(v) => {
              setName(v);
              changed();
            }}
          >
            <Label>Customer name</Label>
            <Input maxLength={NAME_MAX} autoComplete="off" />
          </TextField>
          <TextField
            className="dash-field"
            value={phone}
            onChange={(v) => {
              setPhone(v);
              changed();
            }}
          >
            <Label>Phone</Label>
            <Input inputMode="tel" autoComplete="off" maxLength={20} />
          </TextField>
        </div>
        <p className="muted">Pickup, as soon as possible · Paid at pickup (cash).</p>
      </section>

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <Button className="button" onPress={onClose} isDisabled={sending}>
          Cancel
        </Button>
        <Button
          className="button button--primary"
          onPress={() => void place()}
          isDisabled={sending}
        >
          {sending ? 'Placing…' : 'Place order'}
        </Button>
      </div>
    </DashboardDialog>
  );
}
