// Characters no text field keeps (issue 24, docs/decisions/input-hardening.md): the C0 controls,
// DEL and the C1 controls, which drive terminals and ticket printers (ESC starts an ESC/POS command, BEL rings, a
// CR returns the print head so the text after it overprints the text before), and the bidi
// embeddings, overrides and isolates, which reorder what a merchant reads on screen and on paper.
// A one-line field keeps none of them; a multi-line field (notices, item descriptions, item notes,
// delivery notes: marked with `multiLine()`, ./multi-line.ts) keeps tab and line feed. The server refuses the rest
// at the door, once for every route (server/plugins/storable-text.ts); the ticket, message and PDF
// renderers strip them anyway with `stripControlCharacters`, and migration 0011 cleaned old rows.
// No zod here: the browser's print views and PDFs import this without the schemas.
/** What the field's issue says; the server's 400 also names the field. */
export const TEXT_CHARACTER_MESSAGES = {
  direction: 'Text direction controls are not allowed',
  lineBreak: 'Line breaks and tabs are not allowed in this field',
  control: 'Control characters are not allowed',
} as const;

// eslint-disable-next-line no-control-regex -- every character below, in one class
const ANY = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** U+202A–U+202E (embeddings, overrides, pop) and U+2066–U+2069 (isolates, pop). */
const DIRECTION = /[\u202A-\u202E\u2066-\u2069]/;
const DIRECTION_ALL = /[\u202A-\u202E\u2066-\u2069]/g;
/** Tab, line feed and carriage return: a multi-line field's whitespace, none of a one-line one's. */
const BREAKS = /[\t\n\r]/;
/**
 * Every other C0 control (CR included: a line break is LF), DEL and the C1 controls U+0080–U+009F:
 * no text means them, and some act as controls where text is shown (U+009B is a terminal's CSI,
 * U+0085 a line break that would slip past a one-line field's rule).
 */
// eslint-disable-next-line no-control-regex -- these are the characters being refused
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- these are the characters being removed
const CONTROL_ALL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Why `text` cannot be kept in a field, or null. `multiLine` fields keep tab and line feed; a
 * CRLF must have been turned into LF first (`normalizeLineBreaks`), a lone CR is refused.
 */
export function textCharacterProblem(text: string, multiLine: boolean): string | null {
  // Nearly every string holds none of them: one scan decides, the others only name the problem.
  if (!ANY.test(text)) return null;
  if (DIRECTION.test(text)) return TEXT_CHARACTER_MESSAGES.direction;
  if (!multiLine && BREAKS.test(text)) return TEXT_CHARACTER_MESSAGES.lineBreak;
  if (CONTROL.test(text)) return TEXT_CHARACTER_MESSAGES.control;
  return null;
}

/** True when `text` holds a character that only a multi-line field may keep. */
export function hasLineBreakOrTab(text: string): boolean {
  return BREAKS.test(text);
}

/**
 * A line break written CRLF (a browser's form post, a Windows client) is the same line break as
 * LF: multi-line fields take it as LF. A CR alone is not a line break and stays refused.
 */
export function normalizeLineBreaks(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

/**
 * `text` without the characters above, for what is printed or sent (tickets, texts, e-mails,
 * PDFs): a multi-line text keeps tab and line feed (CRLF → LF); in a one-line text each tab or
 * line break becomes a space. The same rule migration 0011 applied to stored rows.
 */
export function stripControlCharacters(text: string, opts: { multiLine?: boolean } = {}): string {
  const spaced = opts.multiLine ? text.replace(/\r\n/g, '\n') : text.replace(/\r\n|[\t\n\r]/g, ' ');
  return spaced.replace(DIRECTION_ALL, '').replace(CONTROL_ALL, '');
}
