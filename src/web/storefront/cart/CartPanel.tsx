// The cart panel (spec §2, §4 "Cart and checkout"): the lines with a quantity stepper, Edit
// (ours, issue 25: the item modal reopened on the line) and Remove, and one button whose
// state the server decides — Store closed, Remove unavailable items, or Checkout with the
// subtotal. A side panel on wider screens; under 640 px a bottom bar that opens it as a sheet.
// On the checkout page it is the order's lines at the head of the summary (spec §2 "SUMMARY (lines
// with remove)"). Plain elements only, so it adds no UI library to the store page's first load.
import { useState } from 'react';
import type { CartLineView, CartView } from '../../../contract/cart.js';
import { MESSAGES } from '../../../domain/messages.js';
import { MAX_QUANTITY } from '../../../domain/pricing/line.js';
import { formatCents } from '../../lib/format.js';

/** The cart panel's id: one per page, the target of the store page's "Skip to cart" link. */
export const CART_PANEL_ID = 'cart';

export const EMPTY_CART_TEXT = 'Your cart is empty. Add items to get started.';

export interface CartPanelProps {
  cart: CartView | undefined;
  /** A change is on its way: the buttons wait for it. */
  busy: boolean;
  error: string | null;
  secondLanguage: boolean;
  onRemove: (lineId: string) => void;
  /** Sets a line's quantity (the server reprices the cart). Without it, no stepper shows. */
  onQuantity?: (lineId: string, quantity: number) => void;
  /** Reopens the item modal on a line to change its size, options, note or quantity. */
  onEdit?: (line: CartLineView) => void;
  onRemoveUnavailable: () => void;
  onCheckout: () => void;
  /**
   * On the checkout page, at the head of its summary: the lines only (the checkout's own totals
   * and buttons follow), no sheet and no bar.
   */
  inCheckout?: boolean;
  /** Whether the phone's sheet is open, when the page keeps it (in the URL, `?view=cart`). */
  sheetOpen?: boolean;
  onSheetOpenChange?: (open: boolean) => void;
}

export function CartPanel(props: CartPanelProps) {
  const { cart, busy, error, secondLanguage, onRemove, onRemoveUnavailable, onCheckout } = props;
  const { inCheckout = false, onSheetOpenChange, onQuantity, onEdit } = props;
  const [ownSheetOpen, setOwnSheetOpen] = useState(false);
  const sheetOpen = !inCheckout && (props.sheetOpen ?? ownSheetOpen);
  const setSheetOpen = onSheetOpenChange ?? setOwnSheetOpen;
  const lines = cart?.orderItems ?? [];
  const count = lines.reduce((n, l) => n + l.qty, 0);
  const subtotal = cart?.amounts.subtotalCents ?? 0;

  return (
    <>
      <aside
        id={CART_PANEL_ID}
        // The store page's skip link moves the focus here.
        tabIndex={-1}
        className={`cart-panel${sheetOpen ? ' cart-panel--open' : ''}${inCheckout ? ' cart-panel--checkout' : ''}`}
        aria-label="Your cart"
      >
        <div className="cart-panel__head">
          <h2 className="cart-panel__title">Your cart</h2>
          {inCheckout ? null : (
            <button
              type="button"
              className="icon-button cart-panel__hide"
              aria-label="Hide cart"
              onClick={() => setSheetOpen(false)}
            >
              ×
            </button>
          )}
        </div>
        {lines.length === 0 ? (
          <p className="cart-panel__empty">{EMPTY_CART_TEXT}</p>
        ) : (
          <ul className="cart-lines">
            {lines.map((l) => (
              <li
                key={l._id}
                className={`cart-line${l.available ? '' : ' cart-line--unavailable'}`}
                aria-label={l.name}
              >
                <div className="cart-line__main">
                  <span className="cart-line__qty">{l.qty}×</span>
                  <div className="cart-line__text">
                    <span className="cart-line__name">
                      {l.name}
                      {secondLanguage && l.name_2nd ? ` ${l.name_2nd}` : ''}
                    </span>
                    {l.size ? <span className="cart-line__detail">{l.size}</span> : null}
                    {l.orderItemOptions.length > 0 ? (
                      <span className="cart-line__detail">
                        {l.orderItemOptions.map((o) => o.name).join(', ')}
                      </span>
                    ) : null}
                    {l.note ? <span className="cart-line__detail">“{l.note}”</span> : null}
                    {!l.available ? (
                      <span className="cart-line__unavailable">{MESSAGES.ITEM_UNAVAILABLE}</span>
                    ) : null}
                  </div>
                  <span className="cart-line__price">{formatCents(l.lineTotalCents)}</span>
                </div>
                <div className="cart-line__actions">
                  {/* The free add-on and a line that cannot be ordered now only go (Remove). */}
                  {onQuantity && l.available && !l.isFreePromo ? (
                    <QuantityStepper line={l} busy={busy} onChange={(q) => onQuantity(l._id, q)} />
                  ) : null}
                  {onEdit && l.available && !l.isFreePromo ? (
                    <button
                      type="button"
                      className="link-button cart-line__edit"
                      disabled={busy}
                      aria-label={`Edit ${l.name}`}
                      onClick={() => onEdit(l)}
                    >
                      Edit
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="link-button cart-line__remove"
                    disabled={busy}
                    aria-label={`Remove ${l.name}`}
                    onClick={() => onRemove(l._id)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {error ? (
          <p className="cart-panel__error" role="alert">
            {error}
          </p>
        ) : null}
        {inCheckout ? null : lines.length > 0 && cart ? (
          cart.cartButton === 'storeClosed' ? (
            <>
              {/* M8.9 says why the button is off; V5.49 "Store closed now!" is the place-order
                  banner (docs/decisions/domain-rules.md "Messages"). */}
              <p className="cart-panel__closed" role="status">
                {MESSAGES.STORE_IS_CLOSED}
              </p>
              <button type="button" className="button cart-panel__button" disabled>
                Store closed
              </button>
            </>
          ) : cart.cartButton === 'removeUnavailable' ? (
            <button
              type="button"
              className="button cart-panel__button"
              disabled={busy}
              onClick={onRemoveUnavailable}
            >
              Remove unavailable items
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary cart-panel__button"
              disabled={busy}
              onClick={onCheckout}
            >
              <span>Checkout</span> <span>{formatCents(subtotal)}</span>
            </button>
          )
        ) : null}
      </aside>
      {lines.length > 0 && !inCheckout ? (
        <div className="cart-bar">
          <button
            type="button"
            className="button button--primary cart-bar__button"
            aria-controls={CART_PANEL_ID}
            aria-expanded={sheetOpen}
            onClick={() => setSheetOpen(!sheetOpen)}
          >
            <span>
              View cart ({count} {count === 1 ? 'item' : 'items'})
            </span>{' '}
            <span>{formatCents(subtotal)}</span>
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * − quantity + for one line. Plain buttons (the panel is in the store page's first load, which
 * carries no UI library): each names its line, the count between them is announced when it
 * changes, and − stops at 1 (Remove takes a line away).
 */
function QuantityStepper({
  line,
  busy,
  onChange,
}: {
  line: CartLineView;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  return (
    <div className="cart-stepper" role="group" aria-label={`Quantity of ${line.name}`}>
      <button
        type="button"
        className="cart-stepper__button"
        aria-label={`One fewer ${line.name}`}
        disabled={busy || line.qty <= 1}
        onClick={() => onChange(line.qty - 1)}
      >
        −
      </button>
      <output className="cart-stepper__count" aria-live="polite">
        {line.qty}
      </output>
      <button
        type="button"
        className="cart-stepper__button"
        aria-label={`One more ${line.name}`}
        disabled={busy || line.qty >= MAX_QUANTITY}
        onClick={() => onChange(line.qty + 1)}
      >
        +
      </button>
    </div>
  );
}
