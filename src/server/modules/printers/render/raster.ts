// Pictures of ticket rows (issue 29): a PNG for CloudPRNT, and 1-bit raster rows for ESC/POS's
// `GS v 0`. sharp (librsvg with fontconfig) draws the SVG, so any script a Noto font covers prints.
import sharp from 'sharp';
import { PAPER_DOTS, type PaperWidth, type TicketRow } from '../../../../domain/printing/layout.js';
import { rowsSvg } from './svg.js';

/** A 1-bit picture: `bytesPerRow` bytes a dot row, most significant bit leftmost, 1 = black. */
export interface RasterImage {
  bytesPerRow: number;
  height: number;
  bits: Uint8Array;
}

/** The rows as a PNG the paper's width wide, black on white, printed 1:1 by CloudPRNT printers. */
export async function rowsPng(rows: TicketRow[], paper: PaperWidth): Promise<Buffer> {
  const { svg } = rowsSvg(rows, paper);
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).greyscale().png().toBuffer();
}

/** The rows as a thermal head's raster: dots darker than mid-grey print. */
export async function rowsRaster(rows: TicketRow[], paper: PaperWidth): Promise<RasterImage> {
  const { svg } = rowsSvg(rows, paper);
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = PAPER_DOTS[paper];
  if (info.width !== width) throw new Error(`raster is ${info.width} dots wide, not ${width}`);
  const bytesPerRow = width / 8;
  const bits = new Uint8Array(bytesPerRow * info.height);
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * info.channels]! < 128)
        bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
  return { bytesPerRow, height: info.height, bits };
}
