// Tips (spec §4/§9): presets 0/10/15/20 %, default 10 % and 15 % for delivery, or "Other" with a
// custom dollar amount. A percentage tip is taken on the subtotal (see docs/decisions/domain-rules.md).
// A merchant may choose its own presets and the default per order method in the Store pane
// (issue 28, docs/decisions/store-settings.md); the spec's are what a store has until then.
import { applyPpm, PPM } from '../money/rounding.js';
import { MAX_ENTRY_CENTS } from '../money/parse.js';
import type { OrderMethod } from '../settings/schemas.js';

/** The spec's presets (ppm), which every store has until it chooses its own. */
export const TIP_PRESETS_PPM = [0, 100_000, 150_000, 200_000] as const;

export const MAX_CUSTOM_TIP_CENTS = MAX_ENTRY_CENTS;

/** A percent tip is a whole percent, 0..100 (in ppm: a multiple of 10 000). */
export const TIP_RATE_STEP_PPM = 10_000;
/** The most presets a store shows beside "Other". */
export const MAX_TIP_PRESETS = 6;

export type TipChoice = { kind: 'percent'; ratePpm: number } | { kind: 'custom'; cents: number };

/**
 * A store's tip presets, in whole percents: the choices shown and the default per method (its
 * checks: tip-presets-schema.ts, kept apart so the storefront's first load carries no zod).
 */
export interface TipPresets {
  percents: number[];
  defaults: Record<OrderMethod, number>;
}

/** The spec's presets: 0/10/15/20 %, 15 % by default for delivery and 10 % otherwise. */
export const SPEC_TIP_PRESETS: TipPresets = {
  percents: TIP_PRESETS_PPM.map((ppm) => ppm / TIP_RATE_STEP_PPM),
  defaults: {
    pickup: 10,
    delivery: 15,
    curbside: 10,
    dinein: 10,
    roomServiceDelivery: 10,
  },
};

export const tipPercentToPpm = (percent: number) => percent * TIP_RATE_STEP_PPM;

/** The presets of a store in ppm (the spec's when it has chosen none). */
export function presetRatesPpm(presets: TipPresets | null | undefined): number[] {
  return (presets ?? SPEC_TIP_PRESETS).percents.map(tipPercentToPpm);
}

export function isTipPreset(
  ratePpm: number,
  presets: TipPresets | null | undefined = null,
): boolean {
  return presetRatesPpm(presets).includes(ratePpm);
}

/** The tip a checkout opens with: the store's default for the method (spec: 15 % delivery, else 10 %). */
export function defaultTipChoice(
  method: OrderMethod,
  presets: TipPresets | null | undefined = null,
): TipChoice {
  return {
    kind: 'percent',
    ratePpm: tipPercentToPpm((presets ?? SPEC_TIP_PRESETS).defaults[method]),
  };
}

/**
 * The tip a saved choice prices as: a percent no longer among the store's presets (the merchant
 * changed them since) becomes the store's default for the method; a custom amount stays.
 */
export function tipWithPresets(
  choice: TipChoice,
  method: OrderMethod,
  presets: TipPresets | null | undefined,
): TipChoice {
  if (choice.kind === 'custom' || isTipPreset(choice.ratePpm, presets)) return choice;
  return defaultTipChoice(method, presets);
}

/** The tip in cents for a choice, on the given base (the subtotal). */
export function tipCents(choice: TipChoice, baseCents: number): number {
  if (choice.kind === 'percent') {
    if (
      !Number.isSafeInteger(choice.ratePpm) ||
      choice.ratePpm < 0 ||
      choice.ratePpm > PPM ||
      choice.ratePpm % TIP_RATE_STEP_PPM !== 0
    ) {
      throw new RangeError('tip rate must be a whole percent 0..100');
    }
    return applyPpm(baseCents, choice.ratePpm);
  }
  if (
    !Number.isSafeInteger(choice.cents) ||
    choice.cents < 0 ||
    choice.cents > MAX_CUSTOM_TIP_CENTS
  ) {
    throw new RangeError('custom tip must be 0..99999 dollars in whole cents');
  }
  return choice.cents;
}
