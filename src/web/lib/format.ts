// Display formatting. Money arrives in integer cents (docs/design/money.md) and is shown with two
// decimals (spec §9) by the same pure function the server uses (src/domain/format).

/** 1234 → "$12.34", 5 → "$0.05", -250 → "-$2.50". */
export { formatUsd as formatCents } from '../../domain/format/money.js';
