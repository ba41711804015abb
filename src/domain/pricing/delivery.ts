// Delivery fee and delivery minimum (spec §5/§9).
import { MESSAGES, deliveryMinimumWithAmount } from '../messages.js';
import { formatUsd } from '../format/money.js';
import type { DeliveryFeeRange } from '../settings/schemas.js';

export type DeliveryFeeResult =
  | { ok: true; feeCents: number; range: DeliveryFeeRange }
  | { ok: false; message: typeof MESSAGES.OUT_OF_DELIVERY_RANGE };

/**
 * The fee of the first range whose mile limit is above the distance. Ranges are taken nearest
 * first whatever order the merchant saved them in, so "first" means "smallest that covers it";
 * a distance equal to a limit is outside that range. No covering range, or no ranges → out of range.
 */
export function deliveryFeeFor(
  distanceMiles: number,
  ranges: readonly DeliveryFeeRange[],
): DeliveryFeeResult {
  if (!Number.isFinite(distanceMiles) || distanceMiles < 0) {
    return { ok: false, message: MESSAGES.OUT_OF_DELIVERY_RANGE };
  }
  const nearestFirst = [...ranges].sort((a, b) => a.deliveryRangeInMile - b.deliveryRangeInMile);
  const range = nearestFirst.find((r) => r.deliveryRangeInMile > distanceMiles);
  if (!range) return { ok: false, message: MESSAGES.OUT_OF_DELIVERY_RANGE };
  return { ok: true, feeCents: range.deliveryFeeCents, range };
}

export type DeliveryMinimumResult =
  | { met: true }
  | {
      met: false;
      /** The place-order banner (check 8). */
      message: typeof MESSAGES.DELIVERY_MINIMUM;
      /** The variant naming the amount, for the checkout summary before placing. */
      detail: string;
      shortByCents: number;
    };

/** Delivery needs the subtotal to be at least the merchant's minimum (equal passes). */
export function checkDeliveryMinimum(
  subtotalCents: number,
  minimumCents: number,
): DeliveryMinimumResult {
  if (subtotalCents >= minimumCents) return { met: true };
  return {
    met: false,
    message: MESSAGES.DELIVERY_MINIMUM,
    detail: deliveryMinimumWithAmount(formatUsd(minimumCents)),
    shortByCents: minimumCents - subtotalCents,
  };
}
