// Single-field rules of spec §5, as plain checks returning the spec's message or null. The zod
// schemas of ./forms.ts are built from these, and the ordered place-order checks reuse them.
import type { Instant } from '../hours/weekly-hours.js';
import { MESSAGES } from '../messages.js';
import { CARD_MAX_DIGITS, digitsOnly, PHONE_DIGITS } from '../format/fields.js';

export type FieldCheck = string | null;

/** Phone digits as the rules read them: digits only, a leading +1 country code dropped. */
export function phoneDigits(input: string): string {
  const digits = digitsOnly(input);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Phone: exactly 10 digits once formatting is removed, else "Invalid". */
export function checkPhone(input: string): FieldCheck {
  return phoneDigits(input).length === PHONE_DIGITS ? null : MESSAGES.INVALID;
}

/** The Luhn checksum every real card number passes; catches most typos before the gateway. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const CARD_MIN_DIGITS = 15;

/**
 * Card number (spec §5): 15 to 19 digits (spaces and dashes ignored), first digit 3, 4, 5 or 6,
 * passing Luhn, else "Invalid"; a leading 3 (American Express) when the merchant does not take
 * it gives "This merchant is not accepting American Express".
 */
export function checkCardNumber(input: string, allowAmex: boolean): FieldCheck {
  const cleaned = input.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(cleaned)) return MESSAGES.INVALID;
  if (!/^[3456]/.test(cleaned)) return MESSAGES.INVALID;
  if (cleaned.startsWith('3') && !allowAmex) return MESSAGES.AMEX_NOT_ACCEPTED;
  if (cleaned.length < CARD_MIN_DIGITS || cleaned.length > CARD_MAX_DIGITS) return MESSAGES.INVALID;
  return passesLuhn(cleaned) ? null : MESSAGES.INVALID;
}

/** CVV: 3 or 4 digits, else "Invalid". */
export function checkCvv(input: string): FieldCheck {
  return /^\d{3,4}$/.test(input.trim()) ? null : MESSAGES.INVALID;
}

/**
 * Expiry MMYY (a "/" is ignored): month 01–12; valid through the end of its month, so the current
 * month passes and last month is "Invalid". Judged on the merchant's calendar.
 */
export function checkExpiry(input: string, now: Instant, zone: string): FieldCheck {
  const text = input.replace('/', '').trim();
  if (!/^\d{4}$/.test(text)) return MESSAGES.INVALID;
  const month = Number(text.slice(0, 2));
  const year = 2000 + Number(text.slice(2));
  if (month < 1 || month > 12) return MESSAGES.INVALID;
  const today = yearAndMonthIn(now, zone);
  if (year < today.year || (year === today.year && month < today.month)) return MESSAGES.INVALID;
  return null;
}

// Building an Intl.DateTimeFormat costs far more than using one (about 0.25 ms on the server,
// twice per send order): one per zone, kept.
const yearMonthFormats = new Map<string, Intl.DateTimeFormat>();
function yearMonthFormat(zone: string): Intl.DateTimeFormat {
  let format = yearMonthFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
    });
    yearMonthFormats.set(zone, format);
  }
  return format;
}

/**
 * The calendar year and month of an instant in a time zone. Read through Intl, not luxon, so the
 * card form does not pull luxon into the store page's first load; an unknown zone throws.
 */
function yearAndMonthIn(now: Instant, zone: string): { year: number; month: number } {
  if (typeof now !== 'number') {
    const local = now.setZone(zone);
    if (!local.isValid) throw new Error(`Unknown time zone: ${zone}`);
    return { year: local.year, month: local.month };
  }
  const parts = yearMonthFormat(zone).formatToParts(now);
  const part = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/** Zip: 5 digits, or ZIP+4 ("12345-6789" or 9 digits). The profile shows "Invalid!". */
export function checkZip(input: string, message: string = MESSAGES.INVALID): FieldCheck {
  return /^\d{5}(-?\d{4})?$/.test(input.trim()) ? null : message;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Password: at least 8 characters with an uppercase letter, a lowercase letter and a digit.
 * Symbols and spaces are allowed (checklist V5.23: banning them weakens passwords).
 */
export function checkPassword(input: string): FieldCheck {
  const ok =
    input.length >= PASSWORD_MIN &&
    input.length <= PASSWORD_MAX &&
    /[A-Z]/.test(input) &&
    /[a-z]/.test(input) &&
    /\d/.test(input);
  return ok ? null : MESSAGES.PASSWORD_RULE;
}

/**
 * A calendar date written yyyy-MM-dd that exists (2026-02-31 and 2025-02-29 do not). Checked by
 * arithmetic, not the clock, so the browser and the server agree.
 */
export function isCalendarDate(input: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

export const NAME_MAX = 50;
export const EMAIL_MAX = 50;
export const USERNAME_MIN = 5;
export const USERNAME_MAX = 50;
export const VERIFICATION_CODE_LENGTH = 4;
