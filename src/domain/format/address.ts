// A street address on one line, as the store page, the checkout and the order-placed page print it.
import type { Address } from '../settings/schemas.js';

/** "52 Mott Street, New York, NY 10013" (empty parts left out). */
export function formatAddress(a: Address): string {
  return [a.street, a.city, [a.state, a.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}
