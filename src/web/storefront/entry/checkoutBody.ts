// The store page changes one checkout choice at a time (location, order method), but PUT
// …/checkoutInfo replaces them all: the body is the cart's saved choices with the change applied.
import type { CartView } from '../../../contract/cart.js';
import { defaultTipChoice, isTipPreset, type TipChoice } from '../../../domain/pricing/tips.js';
import type { OrderMethod } from '../../../domain/settings/schemas.js';
import type { CheckoutInfoBody } from '../cart/queries.js';

export type SavedCheckout = CartView['checkoutInfo'];

export type EntryChoice = { isBranch: boolean } | { orderMethod: OrderMethod };

/** The saved tip as the request takes it (a percent tip is always a preset when saved). */
function savedTip(tip: SavedCheckout['tip'], method: OrderMethod): TipChoice {
  if (tip.kind === 'custom') return tip;
  return isTipPreset(tip.ratePpm)
    ? { kind: 'percent', ratePpm: tip.ratePpm }
    : defaultTipChoice(method);
}

function sameTip(a: TipChoice, b: TipChoice): boolean {
  return a.kind === 'percent' && b.kind === 'percent' ? a.ratePpm === b.ratePpm : false;
}

/**
 * The whole body for a changed location or order method. A tip still at the old method's default
 * follows the new method's (15 % for delivery, 10 % otherwise, spec §4); one the diner picked stays.
 */
export function checkoutBodyWith(saved: SavedCheckout, change: EntryChoice): CheckoutInfoBody {
  const tip = savedTip(saved.tip, saved.orderMethod);
  const orderMethod = 'orderMethod' in change ? change.orderMethod : saved.orderMethod;
  const followsDefault = sameTip(tip, defaultTipChoice(saved.orderMethod));
  return {
    ...saved,
    ...change,
    orderMethod,
    tip: followsDefault ? defaultTipChoice(orderMethod) : tip,
  };
}

/**
 * The whole body with any other changed choices (the checkout's fields, a few at a time). A new
 * order method moves a default tip as above, unless the change names the tip itself.
 */
export function checkoutBodyWithChanges(
  saved: SavedCheckout,
  changes: Partial<CheckoutInfoBody>,
): CheckoutInfoBody {
  const base = changes.orderMethod
    ? checkoutBodyWith(saved, { orderMethod: changes.orderMethod })
    : checkoutBodyWith(saved, { isBranch: saved.isBranch });
  return { ...base, ...changes };
}
