// CardPointe's field limits, applied to the auth body before the call (issue 30;
// docs/decisions/gateway-cardpointe.md "Field limits"). The vendor's document is the CardPointe
// Gateway OpenAPI, Fiserv/card-pointe reference/1.0.0/CardPointeGatewayAPI/CardPointeGatewayAPI.yaml
// [S-CP1]: `name` and `address` hold 30 characters, `postal` a US ZIP of 5 or 9 digits (no dash).
// Free text is clipped; the ZIP is reduced to its digits; what cannot be fixed that way is
// refused with a text the diner can act on. Checkout's own rules (the spec's) are unchanged:
// these only shape what goes on CardPointe's wire.
import { GatewayDeclined } from '../types.js';

/** One row per field we send with a limit: [S-CP1]. */
export const CARDPOINTE_LIMITS = {
  name: { max: 30, fix: 'clip' },
  address: { max: 30, fix: 'clip' },
  postal: { digits: [5, 9], fix: 'digits only' },
  orderid: { max: 50, fix: 'refuse' },
} as const;

export const POSTAL_REFUSED = 'The billing ZIP code must be 5 digits or ZIP+4 (9 digits)';

/** Whitespace folded, trimmed and cut to `max`; undefined when nothing is left. */
export function clipText(value: string | undefined, max: number): string | undefined {
  const v = value?.trim().replace(/\s+/g, ' ');
  return v ? v.slice(0, max).trimEnd() : undefined;
}

/**
 * "12345-6789" / "12345 6789" → "123456789"; "12345" stays; "" → undefined (left out, or the
 * gateway would put in "55555"). Anything that is not 5 or 9 digits once the separators are gone
 * is refused before the call (GatewayDeclined 'invalid', nothing sent).
 */
export function postalOf(zip: string): string | undefined {
  const raw = zip.trim();
  if (!raw) return undefined;
  const digits = /^[\d\s-]+$/.test(raw) ? raw.replace(/[\s-]/g, '') : '';
  if (digits.length === 5 || digits.length === 9) return digits;
  throw new GatewayDeclined(POSTAL_REFUSED, 'postal', 'invalid');
}
