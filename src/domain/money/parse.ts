// Turning what people type ("12.5", "$1,200", ".07") into integer cents and ppm without ever
// passing through a float that gets multiplied: the digits are read as digits.

/** The largest dollar amount any numeric entry accepts (spec §9: numeric entry max 99999). */
export const MAX_ENTRY_DOLLARS = 99_999;
export const MAX_ENTRY_CENTS = MAX_ENTRY_DOLLARS * 100;

const DOLLARS = /^(\d*)(?:\.(\d{0,2}))?$/;

/**
 * Dollars as typed → whole cents, or null when it is not a non-negative amount with at most two
 * decimals. Accepts "12", "12.5", "12.50", ".5", "$12", "1,200.00" and finite numbers.
 */
export function parseDollarsToCents(input: string | number): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const cents = Math.round(input * 100);
    // Reject 1.005-style input: more than two decimals is not an amount of money.
    if (Math.abs(cents - input * 100) > 1e-6 || !Number.isSafeInteger(cents)) return null;
    return cents;
  }
  const text = input
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = DOLLARS.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

const FRACTION = /^(\d*)(?:\.(\d{0,6}))?$/;

/**
 * A rate typed as a fraction of one ("0.07", ".075", 1) → ppm, or null when it is not a
 * non-negative decimal with at most six decimals. Bounds (0..1) are the caller's rule.
 */
export function parseFractionToPpm(input: string | number): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const ppm = Math.round(input * 1_000_000);
    if (Math.abs(ppm - input * 1_000_000) > 1e-3 || !Number.isSafeInteger(ppm)) return null;
    return ppm;
  }
  const match = FRACTION.exec(input.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const ppm = Number(whole || '0') * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return Number.isSafeInteger(ppm) ? ppm : null;
}

/** A whole non-negative number as typed ("12", 12) → 12, else null. */
export function parseWholeNumber(input: string | number): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input >= 0 ? input : null;
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}
