// What the store page shows by itself when a diner arrives (spec §2 "Other modals", §4): the
// notice, then the store location choice, then Pickup or Delivery — each only when it has
// something to say, and once per browser tab session per store (docs/decisions/storefront-store-page.md).
import { offeredOrderMethods } from '../../../domain/place-order/methods.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { noticeLines } from '../../../domain/format/notice.js';

/** Spec §4/§9: "The home notice auto-hides after 30 seconds." */
export const NOTICE_HIDE_MS = 30_000;

export type EntryStep = 'notice' | 'location' | 'method';

/** What this tab has already shown for a store. */
export interface EntrySeen {
  notice: boolean;
  choices: boolean;
}

/**
 * The notice to show: at a table (dine-in route) the dine-in notice *instead of* the home notice
 * (spec §2), so an empty dine-in notice shows nothing even when there is a home notice.
 */
export function entryNotice(info: PublicBusinessInfo, tableName: string | undefined): string[] {
  return noticeLines(tableName ? info.dineinNotice : info.homePageNotice);
}

/** The order methods the Pickup-or-Delivery modal offers (Delivery only with the delivery flag). */
export function entryMethods(info: PublicBusinessInfo): ('pickup' | 'delivery')[] {
  return offeredOrderMethods(info).includes('delivery') ? ['pickup', 'delivery'] : ['pickup'];
}

/**
 * The steps to show on arrival, in order. At a table the method is dine-in and the table belongs
 * to the store the QR code was printed for, so only the (dine-in) notice shows; the location and
 * method stay changeable from the store page's buttons.
 */
export function entrySteps(
  info: PublicBusinessInfo,
  tableName: string | undefined,
  seen: EntrySeen,
): EntryStep[] {
  const steps: EntryStep[] = [];
  if (!seen.notice && entryNotice(info, tableName).length > 0) steps.push('notice');
  if (tableName || seen.choices) return steps;
  if (info.enableBranch) steps.push('location');
  if (entryMethods(info).length > 1) steps.push('method');
  return steps;
}

const key = (merchantId: string) => `forkful.storeEntry.${merchantId}`;

/** Storage can be missing or refuse (private modes, sandboxed frames): then everything shows. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readEntrySeen(merchantId: string): EntrySeen {
  try {
    const raw = storage()?.getItem(key(merchantId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const v = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<EntrySeen>;
    return { notice: v.notice === true, choices: v.choices === true };
  } catch {
    return { notice: false, choices: false };
  }
}

export function markEntrySeen(merchantId: string, step: EntryStep): void {
  const seen = readEntrySeen(merchantId);
  const next = step === 'notice' ? { ...seen, notice: true } : { ...seen, choices: true };
  try {
    storage()?.setItem(key(merchantId), JSON.stringify(next));
  } catch {
    // Not remembered: the diner is asked again on the next visit in this tab.
  }
}
