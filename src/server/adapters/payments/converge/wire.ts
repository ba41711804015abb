// Converge's units and references. Amounts travel as dollars with two decimals ("12.34")
// [S-EV7][S-EV15]; we hold integer cents. Our order id rides in ssl_invoice_number and
// ssl_merchant_txn_id, whose limits are UNVERIFIED: third-party integrations keep the invoice
// number to 25 characters, so a 36-character order uuid is sent as its 128-bit value in base 36,
// upper case, padded to exactly 25 characters (letters and digits only, reversible, and no other
// reference we send has that length — see convergeRefOf).

/** 1234 → "12.34". Integer cents ≥ 0 only. */
export function dollarsOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error('Amount must be whole cents');
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.34", "12.3", "12", ".37" → cents; null for anything else (signs, exponents, 3 decimals). */
export function centsOf(dollars: string): number | null {
  const m = /^(\d*)(?:\.(\d{1,2}))?$/.exec(dollars.trim());
  if (!m || (m[1] === '' && m[2] === undefined)) return null;
  const cents = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENCODED_LENGTH = 25;
const PLAIN = /^[A-Za-z0-9-]{1,24}$/;

/**
 * Our order reference as Converge carries it: a uuid → 25 base-36 characters; any other
 * reference of 1–24 letters, digits or dashes (tests, fixtures) as is; null when neither.
 */
export function convergeRefOf(orderRef: string): string | null {
  if (UUID.test(orderRef)) {
    const value = BigInt(`0x${orderRef.replace(/-/g, '')}`);
    return value.toString(36).toUpperCase().padStart(ENCODED_LENGTH, '0');
  }
  return PLAIN.test(orderRef) ? orderRef : null;
}

/** The order reference back from a Converge invoice number (for a merchant looking one up). */
export function orderRefFromConverge(ref: string): string {
  if (ref.length !== ENCODED_LENGTH || !/^[0-9A-Z]+$/.test(ref)) return ref;
  let value = 0n;
  for (const ch of ref.toLowerCase()) value = value * 36n + BigInt(parseInt(ch, 36));
  const hex = value.toString(16).padStart(32, '0');
  if (hex.length !== 32) return ref;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
