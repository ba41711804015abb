// The store page changes one checkout choice at a time (location, order method), but PUT
// …/checkoutInfo replaces them all: the body is the cart's saved choices with the change applied.
import type { CartView } from '../../../contract/cart.js';
import {
  defaultTipChoice,
  type TipChoice,
  type TipPresets,
  tipWithPresets,
} from '../../../domain/pricing/tips.js';
import type { OrderMethod } from '../../../domain/settings/schemas.js';
import type { CheckoutInfoBody } from '../cart/queries.js';

export type SavedCheckout = CartView['checkoutInfo'];

export type EntryChoice = { isBranch: boolean } | { orderMethod: OrderMethod };

/**
 * The saved tip as the request takes it: a percent the store no longer offers becomes its
 * default for the method (the store's presets, issue 28; the spec's when not known).
 */
function savedTip(
  tip: SavedCheckout['tip'],
  method: OrderMethod,
  presets: TipPresets | null,
): TipChoice {
  return tipWithPresets(tip, method, presets);
}

function sameTip(a: TipChoice, b: TipChoice): boolean {
  return a.kind === 'percent' && b.kind === 'percent' ? a.ratePpm === b.ratePpm : false;
}

/**
 * The whole body for a changed location or order method. A tip still at the old method's default
 * follows the new method's (15 % for delivery, 10 % otherwise, spec §4); one the diner picked stays.
 */
export function checkoutBodyWith(
  saved: SavedCheckout,
  change: EntryChoice,
  presets: TipPresets | null = null,
): CheckoutInfoBody {
  const tip = savedTip(saved.tip, saved.orderMethod, presets);
  const orderMethod = 'orderMethod' in change ? change.orderMethod : saved.orderMethod;
  const followsDefault = sameTip(tip, defaultTipChoice(saved.orderMethod, presets));
  return {
    ...saved,
    ...change,
    orderMethod,
    tip: followsDefault ? defaultTipChoice(orderMethod, presets) : tip,
  };
}

/**
 * The whole body with any other changed choices (the checkout's fields, a few at a time). A new
 * order method moves a default tip as above, unless the change names the tip itself.
 */
export function checkoutBodyWithChanges(
  saved: SavedCheckout,
  changes: Partial<CheckoutInfoBody>,
  presets: TipPresets | null = null,
): CheckoutInfoBody {
  const base = changes.orderMethod
    ? checkoutBodyWith(saved, { orderMethod: changes.orderMethod }, presets)
    : checkoutBodyWith(saved, { isBranch: saved.isBranch }, presets);
  return { ...base, ...changes };
}
