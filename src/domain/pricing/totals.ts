// Order-level amounts (spec §9). Each component is rounded once, half up, on its own; the total is
// the exact integer sum of the rounded parts, so what the receipt lists always adds up.
// What each amount is computed on is recorded in docs/decisions/domain-rules.md.
import { z } from 'zod';
import { parseFractionToPpm } from '../money/parse.js';
import { applyPpm, PPM } from '../money/rounding.js';
import type { OrderMethod } from '../settings/schemas.js';
import { tipCents, type TipChoice } from './tips.js';

export interface PricingSettings {
  /** Default 7 % (spec §3 taxRate .07). */
  taxRatePpm: number;
  /** Fixed gratuity, charged automatically when above 0 (default 0). */
  fixedTipRatePpm: number;
  processingFeeRatePpm: number;
  serviceFeeCents: number;
  roomServiceDeliveryFeeCents: number;
  minOrderForDeliveryCents: number;
}

export const DEFAULT_PRICING_SETTINGS: PricingSettings = {
  taxRatePpm: 70_000,
  fixedTipRatePpm: 0,
  processingFeeRatePpm: 0,
  serviceFeeCents: 0,
  roomServiceDeliveryFeeCents: 0,
  minOrderForDeliveryCents: 0,
};

/** Settings as stored: rates as exact decimals of one (numeric(7,6) "0.070000"), fees in cents. */
export interface StoredPricingSettings {
  taxRate?: string | number | null;
  fixedTipRate?: string | number | null;
  processingFeeRate?: string | number | null;
  serviceFeeCents?: number | null;
  roomServiceDeliveryFeeCents?: number | null;
  minOrderForDeliveryCents?: number | null;
}

function storedRate(value: string | number | null | undefined, fallback: number, name: string) {
  if (value === null || value === undefined || value === '') return fallback;
  const ppm = parseFractionToPpm(value);
  if (ppm === null || ppm > PPM) throw new RangeError(`${name} must be 0..1, got ${value}`);
  return ppm;
}

/** Reads stored settings digit by digit into ppm (no float multiplication), with the defaults. */
export function pricingSettingsFrom(stored: StoredPricingSettings): PricingSettings {
  const d = DEFAULT_PRICING_SETTINGS;
  return {
    taxRatePpm: storedRate(stored.taxRate, d.taxRatePpm, 'taxRate'),
    fixedTipRatePpm: storedRate(stored.fixedTipRate, d.fixedTipRatePpm, 'fixedTipRate'),
    processingFeeRatePpm: storedRate(
      stored.processingFeeRate,
      d.processingFeeRatePpm,
      'processingFeeRate',
    ),
    serviceFeeCents: stored.serviceFeeCents ?? d.serviceFeeCents,
    roomServiceDeliveryFeeCents:
      stored.roomServiceDeliveryFeeCents ?? d.roomServiceDeliveryFeeCents,
    minOrderForDeliveryCents: stored.minOrderForDeliveryCents ?? d.minOrderForDeliveryCents,
  };
}

export interface TotalsInput {
  /** Σ line net prices (line discounts and category promotions already taken). */
  subtotalCents: number;
  method: OrderMethod;
  tip: TipChoice;
  /** The applied promo code's percentage off, 0 when none. */
  promoCodeRatePpm: number;
  /** From deliveryFeeFor; ignored unless the method is delivery. */
  deliveryFeeCents: number;
  settings: PricingSettings;
}

/**
 * An order's amounts in cents (the cart's quote and a placed order alike): the one definition,
 * which the API contract publishes as its `orderAmounts`.
 */
export const orderTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  tipsCents: z.number().int(),
  fixedTipsCents: z.number().int(),
  /** Promo-code discount: subtotal × percentage off. */
  discountCents: z.number().int(),
  processingFeeCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  /** What the "fees" line shows: processing plus service (spec §9). */
  feesShownCents: z.number().int(),
  deliveryFeeCents: z.number().int(),
  roomServiceDeliveryFeeCents: z.number().int(),
  totalCents: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

function rate(ppm: number, name: string): number {
  if (!Number.isSafeInteger(ppm) || ppm < 0 || ppm > PPM) {
    throw new RangeError(`${name} must be 0..1 in ppm, got ${ppm}`);
  }
  return ppm;
}

function cents(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be whole non-negative cents, got ${value}`);
  }
  return value;
}

export function computeTotals(input: TotalsInput): OrderTotals {
  const { settings, method } = input;
  const subtotalCents = cents(input.subtotalCents, 'subtotalCents');
  const discountCents = applyPpm(subtotalCents, rate(input.promoCodeRatePpm, 'promoCodeRatePpm'));
  // Tax on what the diner pays for the food: the subtotal after the promo-code discount.
  const taxCents = applyPpm(subtotalCents - discountCents, rate(settings.taxRatePpm, 'taxRatePpm'));
  // Tips, gratuity and the processing fee on the subtotal before the discount and without tax.
  const tipsCents = tipCents(input.tip, subtotalCents);
  const fixedTipsCents = applyPpm(subtotalCents, rate(settings.fixedTipRatePpm, 'fixedTipRatePpm'));
  const processingFeeCents =
    method === 'dinein'
      ? 0
      : applyPpm(subtotalCents, rate(settings.processingFeeRatePpm, 'processingFeeRatePpm'));
  const serviceFeeCents = cents(settings.serviceFeeCents, 'serviceFeeCents');
  const deliveryFeeCents =
    method === 'delivery' ? cents(input.deliveryFeeCents, 'deliveryFeeCents') : 0;
  const roomServiceDeliveryFeeCents =
    method === 'roomServiceDelivery'
      ? cents(settings.roomServiceDeliveryFeeCents, 'roomServiceDeliveryFeeCents')
      : 0;
  const totalCents =
    subtotalCents +
    taxCents +
    tipsCents +
    fixedTipsCents +
    processingFeeCents +
    serviceFeeCents +
    deliveryFeeCents +
    roomServiceDeliveryFeeCents -
    discountCents;
  return {
    subtotalCents,
    discountCents,
    taxCents,
    tipsCents,
    fixedTipsCents,
    processingFeeCents,
    serviceFeeCents,
    feesShownCents: processingFeeCents + serviceFeeCents,
    deliveryFeeCents,
    roomServiceDeliveryFeeCents,
    totalCents,
  };
}
