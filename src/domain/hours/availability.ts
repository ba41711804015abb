// Whether a cart line can be ordered at a time (spec §4): its category's availableHour and the
// item's own availableHour must both allow it, and a sold-out item never can.
import { MESSAGES } from '../messages.js';
import type { WeeklyHours } from '../settings/schemas.js';
import { isOpenAt, type Instant } from './weekly-hours.js';

/**
 * Availability hours restrict only when set: absent, null or {} means "whenever the store is
 * open" (an empty object is how a cleared editor saves, not "never available").
 */
export function isWithinAvailableHours(
  availableHour: WeeklyHours | null | undefined,
  at: Instant,
  zone: string,
): boolean {
  if (!availableHour || Object.keys(availableHour).length === 0) return true;
  return isOpenAt(availableHour, at, zone);
}

export interface AvailabilityInput {
  categoryHours?: WeeklyHours | null | undefined;
  itemHours?: WeeklyHours | null | undefined;
  soldOut?: boolean | undefined;
}

export function isLineAvailable(line: AvailabilityInput, at: Instant, zone: string): boolean {
  if (line.soldOut) return false;
  return (
    isWithinAvailableHours(line.categoryHours, at, zone) &&
    isWithinAvailableHours(line.itemHours, at, zone)
  );
}

/** The line's note when unavailable: "This item unavailable now.", else null. */
export function unavailableNote(line: AvailabilityInput, at: Instant, zone: string): string | null {
  return isLineAvailable(line, at, zone) ? null : MESSAGES.ITEM_UNAVAILABLE;
}

export type CartButton = 'storeClosed' | 'removeUnavailable' | 'checkout';

/** The cart button (spec §4): Store closed, else Remove unavailable items, else Checkout. */
export function cartButtonState(storeOpen: boolean, anyUnavailable: boolean): CartButton {
  if (!storeOpen) return 'storeClosed';
  if (anyUnavailable) return 'removeUnavailable';
  return 'checkout';
}
