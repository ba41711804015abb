// ESC/POS bytes for a ticket (issue 29; docs/protocols/escpos.md). Text goes in code page
// PC437, the table every ESC/POS printer starts in (ESC t 0), so no model-specific table number
// is guessed; a row with a character PC437 lacks (Chinese names, most accents beyond Latin-1's
// common ones) is sent as a `GS v 0` raster picture of that row instead. Printers never decode
// UTF-8: sending it would print mojibake.
import iconv from 'iconv-lite';
import {
  PAPER_COLUMNS,
  type PaperWidth,
  type TicketRow,
} from '../../../../domain/printing/layout.js';
import { rowsRaster, type RasterImage } from './raster.js';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

export const ESCPOS = {
  init: [ESC, 0x40],
  codePagePc437: [ESC, 0x74, 0x00],
  align: (a: 'left' | 'center' | 'right') => [ESC, 0x61, a === 'left' ? 0 : a === 'center' ? 1 : 2],
  /** GS ! n: high nibble width−1, low nibble height−1; large type is 2×2. */
  size: (large: boolean) => [GS, 0x21, large ? 0x11 : 0x00],
  bold: (on: boolean) => [ESC, 0x45, on ? 1 : 0],
  feedLines: (n: number) => [ESC, 0x64, n],
  /** GS V 66 n: feed n dots' worth then partial cut, so the last row clears the blade. */
  feedAndPartialCut: (n: number) => [GS, 0x56, 0x42, n],
} as const;

/**
 * True when every character of `text` has a printable PC437 byte. PC437 draws pictures for the
 * bytes under 0x20 (• is 0x07) but a printer reads those bytes as commands: a bullet sent that
 * way would ring the bell.
 */
export function fitsPc437(text: string): boolean {
  const bytes = iconv.encode(text, 'cp437');
  return bytes.every((b) => b >= 0x20 && b !== 0x7f) && iconv.decode(bytes, 'cp437') === text;
}

/** GS v 0 m xL xH yL yH d…: a raster picture at normal density. */
export function rasterCommand(image: RasterImage): Buffer {
  const x = image.bytesPerRow;
  const y = image.height;
  const head = Buffer.from([GS, 0x76, 0x30, 0x00, x & 0xff, x >> 8, y & 0xff, y >> 8]);
  return Buffer.concat([head, image.bits]);
}

/** The whole ticket as bytes: initialise, code page, each row, feed and cut. */
export async function ticketEscPos(rows: TicketRow[], paper: PaperWidth): Promise<Buffer> {
  const parts: Buffer[] = [];
  const out = { push: (...bytes: number[]) => parts.push(Buffer.from(bytes)) };
  out.push(...ESCPOS.init, ...ESCPOS.codePagePc437);
  for (const row of rows) {
    if (row.type === 'feed') {
      out.push(...ESCPOS.feedLines(2));
      continue;
    }
    if (row.type === 'rule') {
      out.push(...ESCPOS.align('left'), ...ESCPOS.size(false), ...ESCPOS.bold(false));
      parts.push(iconv.encode('-'.repeat(PAPER_COLUMNS[paper]), 'cp437'));
      out.push(LF);
      continue;
    }
    if (fitsPc437(row.text)) {
      out.push(...ESCPOS.align(row.align), ...ESCPOS.size(row.large), ...ESCPOS.bold(row.bold));
      parts.push(iconv.encode(row.text, 'cp437'));
      out.push(LF);
    } else {
      // The picture carries its own alignment across the full width.
      out.push(...ESCPOS.align('left'), ...ESCPOS.size(false), ...ESCPOS.bold(false));
      parts.push(rasterCommand(await rowsRaster([row], paper)));
    }
  }
  out.push(...ESCPOS.size(false), ...ESCPOS.bold(false), ...ESCPOS.feedAndPartialCut(48));
  return Buffer.concat(parts);
}
