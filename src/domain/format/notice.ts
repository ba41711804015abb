// Notices (spec §5): typed with line breaks, stored with break tags, shown as plain lines. Kept
// apart from the merchant's zod forms so the store page can read a notice without loading zod.

/** The break tag notices are stored with. */
export const NOTICE_BREAK = '<br>';

/** Notice as typed → stored: each newline becomes the break tag (spec §5). */
export function noticeToStored(text: string): string {
  return text.replace(/\r\n|\r|\n/g, NOTICE_BREAK);
}

/** Stored notice → edit box: break tags (<br>, <br/>, <br />) become newlines again. */
export function storedToNotice(stored: string): string {
  return stored.replace(/<br\s*\/?>/gi, '\n');
}

/**
 * Stored notice → the lines to show (the storefront banner, the dashboard preview). Break tags and
 * typed line breaks (notices imported from the original product have either) both split; lines
 * are trimmed and empty ones dropped. Everything else stays text (never rendered as HTML).
 */
export function noticeLines(stored: string | null | undefined): string[] {
  if (!stored) return [];
  return storedToNotice(stored)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
