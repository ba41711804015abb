// Display and keep-as-you-type formats of spec §5/§9: phone (xxx)xxx-xxxx, grouped card number,
// expiry MM/YY, long user names. Each "keep" function is what an input keeps from a keystroke,
// each "format" function how a stored value is shown.

export const PHONE_DIGITS = 10;

/** Only the digits of a text. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * The digits a phone input keeps: digits only, at most 10. A pasted "+1 555 123 4567" keeps the
 * ten national digits rather than "1555123456" (the product serves +1 numbers only).
 */
export function keepPhoneDigits(input: string): string {
  let digits = digitsOnly(input);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.slice(0, PHONE_DIGITS);
}

/** 5551234567 → "(555)123-4567"; shorter input is formatted as far as it goes. */
export function formatPhone(input: string): string {
  const d = keepPhoneDigits(input);
  if (d.length <= 3) return d.length === 0 ? '' : `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})${d.slice(3)}`;
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

export const CARD_MAX_DIGITS = 19;

/** The digits a card-number input keeps: digits only, at most 19. */
export function keepCardDigits(input: string): string {
  return digitsOnly(input).slice(0, CARD_MAX_DIGITS);
}

/** American Express numbers start 34 or 37 and are printed 4-6-5. */
export function isAmexNumber(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** Card number grouped for display: Amex 4-6-5, every other card in fours. */
export function formatCardNumber(input: string): string {
  const d = keepCardDigits(input);
  if (isAmexNumber(d)) {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15), d.slice(15)]
      .filter((g) => g.length > 0)
      .join(' ');
  }
  return (d.match(/.{1,4}/g) ?? []).join(' ');
}

/** The digits an expiry input keeps: MMYY, digits only, at most 4. */
export function keepExpiryDigits(input: string): string {
  return digitsOnly(input).slice(0, 4);
}

/** "1229" → "12/29"; "122" → "12/2" while typing. */
export function formatExpiry(input: string): string {
  const d = keepExpiryDigits(input);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** The characters a CVV input keeps: digits only, at most 4. */
export function keepCvv(input: string): string {
  return digitsOnly(input).slice(0, 4);
}

/** Spec §9: user names over 13 characters are shown as the first 11 plus "..". */
export function shortenUserName(name: string): string {
  const chars = Array.from(name); // by code point, so an emoji is not cut in half
  return chars.length > 13 ? `${chars.slice(0, 11).join('')}..` : name;
}

/** Item notes: at most 200 characters, first letter capitalised (spec §5). */
export const NOTE_MAX = 200;
export function normalizeNote(note: string): string {
  const chars = Array.from(note.trimStart()).slice(0, NOTE_MAX);
  const first = chars[0];
  if (first !== undefined) chars[0] = first.toUpperCase();
  return chars.join('');
}

/** Dine-in table names: the "#" is stripped (spec §5), so "#12" links to /dinein/12. */
export function normalizeTableName(input: string): string {
  return input.replace(/#/g, '').trim();
}

/** Promo codes are compared upper-cased (spec §5); surrounding spaces are not part of a code. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
