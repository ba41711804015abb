// Money for people: spec §9 "money shown with 2 decimals". Integer cents in, text out; the
// digits come from integer division, never from toFixed on a float.

/** 1234 → "12.34"; -5 → "-0.05". */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const rest = magnitude % 100;
  return `${sign}${dollars}.${String(rest).padStart(2, '0')}`;
}

/** 1234 → "$12.34". */
export function formatUsd(cents: number): string {
  const text = formatMoney(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Short dollars for promotion badges: whole amounts without ".00" ("$20"), others with two
 * decimals ("$20.50"). A badge reads "BUY $20 GET $5 OFF", which is how merchants write it.
 */
export function formatDollarsShort(cents: number): string {
  return cents % 100 === 0 ? `$${Math.trunc(cents / 100)}` : formatUsd(cents);
}
