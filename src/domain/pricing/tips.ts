// Tips (spec §4/§9): presets 0/10/15/20 %, default 10 % and 15 % for delivery, or "Other" with a
// custom dollar amount. A percentage tip is taken on the subtotal (see docs/decisions/domain-rules.md).
import { applyPpm } from '../money/rounding.js';
import { MAX_ENTRY_CENTS } from '../money/parse.js';
import type { OrderMethod } from '../settings/schemas.js';

export const TIP_PRESETS_PPM = [0, 100_000, 150_000, 200_000] as const;
export type TipPresetPpm = (typeof TIP_PRESETS_PPM)[number];

export const MAX_CUSTOM_TIP_CENTS = MAX_ENTRY_CENTS;

export type TipChoice =
  { kind: 'percent'; ratePpm: TipPresetPpm } | { kind: 'custom'; cents: number };

export function isTipPreset(ratePpm: number): ratePpm is TipPresetPpm {
  return (TIP_PRESETS_PPM as readonly number[]).includes(ratePpm);
}

/** The tip a checkout opens with: 15 % for delivery, 10 % otherwise. */
export function defaultTipChoice(method: OrderMethod): TipChoice {
  return { kind: 'percent', ratePpm: method === 'delivery' ? 150_000 : 100_000 };
}

/** The tip in cents for a choice, on the given base (the subtotal). */
export function tipCents(choice: TipChoice, baseCents: number): number {
  if (choice.kind === 'percent') {
    if (!isTipPreset(choice.ratePpm)) throw new RangeError('tip rate must be a preset');
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
