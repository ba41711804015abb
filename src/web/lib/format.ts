// Display formatting. Money arrives in integer cents (DESIGN.md §1.2) and is shown with two
// decimals (spec §9) by the same pure function the server uses (src/domain/format).

/** 1234 → "$12.34", 5 → "$0.05", -250 → "-$2.50". */
export { formatUsd as formatCents } from '../../domain/format/money.js';

/**
 * Splits a merchant notice into lines. Merchants type line breaks, and notices imported from the
 * original product use a `<br>` marker; both become separate lines rendered as text, never HTML.
 */
export function noticeLines(notice: string | null | undefined): string[] {
  if (!notice) return [];
  return notice
    .split(/\r?\n|<br\s*\/?>/i)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
