// Ticket rows drawn as SVG (issue 29), for the two outputs that are pictures: the CloudPRNT job
// (one PNG of the whole ticket) and ESC/POS rows whose text no single-byte code page holds (the
// demo's Chinese names), sent as raster. A monospaced CJK font keeps the layout's columns: its
// Latin letters are half an em wide and its CJK ones a full em, as the layout counts them.
import {
  PAPER_COLUMNS,
  PAPER_DOTS,
  charColumns,
  textColumns,
  type PaperWidth,
  type TicketRow,
} from '../../../../domain/printing/layout.js';

export const TICKET_FONT = 'Noto Sans Mono CJK SC';
const MARGIN = 4;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Dots one row takes: normal type is 12×24 dots a character, large type twice that. */
export function rowHeight(row: TicketRow): number {
  if (row.type === 'rule') return 16;
  if (row.type === 'feed') return 48;
  return row.large ? 56 : 30;
}

function rowSvg(row: TicketRow, y: number, paper: PaperWidth): string {
  const width = PAPER_DOTS[paper];
  if (row.type === 'feed') return '';
  if (row.type === 'rule') {
    const mid = y + rowHeight(row) / 2;
    return `<line x1="0" y1="${mid}" x2="${width}" y2="${mid}" stroke="#000" stroke-width="2" stroke-dasharray="6 4"/>`;
  }
  // Each character sits at its own column: fonts draw some glyphs wider than the layout counts
  // (bold accented letters fall back to a wider face), which would push amounts off the paper.
  const cols = PAPER_COLUMNS[paper] / (row.large ? 2 : 1);
  const column = (width / PAPER_COLUMNS[paper]) * (row.large ? 2 : 1);
  const used = textColumns(row.text);
  let col =
    row.align === 'center'
      ? Math.floor((cols - used) / 2)
      : row.align === 'right'
        ? cols - used
        : 0;
  const spans: string[] = [];
  for (const ch of row.text) {
    if (ch !== ' ') spans.push(`<tspan x="${Math.max(0, col) * column}">${escapeXml(ch)}</tspan>`);
    col += charColumns(ch);
  }
  const baseline = y + rowHeight(row) - (row.large ? 10 : 6);
  return (
    `<text y="${baseline}" font-family="${TICKET_FONT}" font-size="${column * 2}" ` +
    `font-weight="${row.bold ? 'bold' : 'normal'}">${spans.join('')}</text>`
  );
}

/** The rows as one black-on-white SVG the paper's width wide. */
export function rowsSvg(rows: TicketRow[], paper: PaperWidth): { svg: string; height: number } {
  let y = 0;
  const parts: string[] = [];
  for (const row of rows) {
    parts.push(rowSvg(row, y, paper));
    y += rowHeight(row);
  }
  const width = PAPER_DOTS[paper];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    // 4 dots of margin each side: bold glyphs overhang their advance by a dot or two.
    `<g transform="translate(${MARGIN} 0) scale(${(width - 2 * MARGIN) / width} 1)">` +
    `${parts.join('')}</g></svg>`;
  return { svg, height: y };
}
