// A ticket laid out for a roll of paper (issue 29): the rows every renderer draws. Widths are
// the thermal printers' own: font A is 12 dots wide, so a 58 mm roll (384 dots) holds 32
// characters a row and an 80 mm roll (576 dots) 48; large type doubles width and height, so it
// holds half as many. Wide characters (CJK) take two columns, as printers and fonts draw them.
import type { Ticket } from './ticket.js';

export const PAPER_WIDTHS = ['58mm', '80mm'] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** Printable dots a row on each roll (203 dpi heads). */
export const PAPER_DOTS: Record<PaperWidth, number> = { '58mm': 384, '80mm': 576 };
/** Font A characters a row. */
export const PAPER_COLUMNS: Record<PaperWidth, number> = { '58mm': 32, '80mm': 48 };

export type Align = 'left' | 'center' | 'right';

export type TicketRow =
  | { type: 'text'; text: string; large: boolean; bold: boolean; align: Align }
  | { type: 'rule' }
  | { type: 'feed' };

/** Columns a character takes: 2 for East Asian wide and full-width forms, else 1. */
export function charColumns(ch: string): 1 | 2 {
  const cp = ch.codePointAt(0) ?? 0;
  const wide =
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
  return wide ? 2 : 1;
}

export function textColumns(text: string): number {
  let n = 0;
  for (const ch of text) n += charColumns(ch);
  return n;
}

/**
 * `text` broken into rows of at most `width` columns: at spaces where it can, inside a word
 * only when the word alone is wider than a row (and between any two wide characters, which
 * Chinese text allows). `indent` starts every row after the first.
 */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const rows: string[] = [];
  let row = '';
  let rowCols = 0;
  const push = () => {
    rows.push(row.trimEnd());
    row = indent;
    rowCols = textColumns(indent);
  };
  // Words keep their following space; wide characters stand alone.
  const tokens =
    text.match(
      /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]|[^\s\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]+\s*|\s+/gu,
    ) ?? [];
  for (const token of tokens) {
    const bare = token.trimEnd();
    const cols = textColumns(bare);
    if (rowCols > textColumns(indent) && rowCols + cols > width) push();
    if (cols > width - rowCols) {
      // A word wider than the row: cut it where the row ends.
      for (const ch of token) {
        if (rowCols + charColumns(ch) > width) push();
        if (ch.trim() === '' && rowCols === textColumns(indent)) continue;
        row += ch;
        rowCols += charColumns(ch);
      }
      continue;
    }
    if (bare === '' && rowCols === textColumns(indent)) continue;
    row += token;
    rowCols += textColumns(token);
  }
  if (row.trim() !== '' || rows.length === 0) rows.push(row.trimEnd());
  return rows;
}

const text = (t: string, large: boolean, bold: boolean, align: Align = 'left'): TicketRow => ({
  type: 'text',
  text: t,
  large,
  bold,
  align,
});

/**
 * The rows of a ticket on a roll. Large and bold where the kitchen reads from a distance: the
 * order and daily numbers, the method, the marks and each line's quantity and name.
 */
export function layoutTicket(ticket: Ticket, paper: PaperWidth): TicketRow[] {
  const cols = PAPER_COLUMNS[paper];
  const large = Math.floor(cols / 2);
  const rows: TicketRow[] = [];
  const add = (t: string, big: boolean, bold: boolean, align: Align = 'left', indent = '') => {
    if (!t) return;
    for (const r of wrapText(t, big ? large : cols, indent)) rows.push(text(r, big, bold, align));
  };

  add(ticket.storeName, false, true, 'center');
  if (ticket.kind === 'receipt') add('RECEIPT', false, false, 'center');
  for (const mark of ticket.marks) add(mark, true, true, 'center');
  add(ticket.orderNumber, true, true);
  add(ticket.dailyNumber, false, true);
  add(ticket.method, true, true);
  add(ticket.due, false, true);
  add(ticket.placedAt, false, false);
  add(ticket.customer, false, false);
  rows.push({ type: 'rule' });

  for (const line of ticket.lines) {
    const head = `${line.qty} x ${line.name}`;
    if (line.amount) {
      // Receipts keep the line on one normal-size row with its amount at the right.
      const amount = line.amount;
      wrapText(head, cols - textColumns(amount) - 1, '    ').forEach((r, i) => {
        const pad = ' '.repeat(cols - textColumns(r) - textColumns(amount));
        rows.push(text(i === 0 ? `${r}${pad}${amount}` : r, false, true));
      });
    } else {
      add(head, true, true, 'left', '  ');
    }
    // A kitchen reads every part of a line from the pass: size, options and note are large too.
    const big = !line.amount;
    if (line.name2) add(`   ${line.name2}`, big, false, 'left', '   ');
    if (line.size) add(`   Size: ${line.size}`, big, false, 'left', '     ');
    for (const option of line.options) add(`   + ${option}`, big, false, 'left', '     ');
    if (line.note) add(`   Note: ${line.note}`, big, true, 'left', '     ');
  }

  if (ticket.amounts.length > 0) {
    rows.push({ type: 'rule' });
    ticket.amounts.forEach((a, i) => {
      const last = i === ticket.amounts.length - 1;
      const pad = cols - textColumns(a.label) - textColumns(a.value);
      rows.push(text(`${a.label}${' '.repeat(Math.max(1, pad))}${a.value}`, false, last));
    });
  }
  if (ticket.footer) {
    rows.push({ type: 'rule' });
    add(ticket.footer, false, false);
  }
  rows.push({ type: 'feed' });
  return rows;
}
