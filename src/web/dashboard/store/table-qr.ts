// A dine-in table's QR code: the storefront link it encodes, the SVG the dashboard shows and the
// printable PDF. qrcode and pdf-lib are loaded with import() so they are their own chunks, fetched
// only when a merchant opens a table's QR code.
import type { PDFFont } from 'pdf-lib';
import { stripControlCharacters } from '../../../domain/validation/text-characters.js';

/** The storefront's dine-in link for a table (route /store/:merchantId/dinein/:tablename). */
export function dineInUrl(origin: string, merchantId: string, table: string): string {
  return `${origin}/store/${encodeURIComponent(merchantId)}/dinein/${encodeURIComponent(table)}`;
}

/** The QR code of `url` as an SVG document (level M: still scans with a smudge or a fold). */
export async function qrSvg(url: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The PDF's file name: the table name with only letters, digits, spaces, - and _ kept. */
export function pdfFileName(table: string): string {
  const safe = table.replace(/[^\p{L}\p{N} _-]/gu, '_').trim();
  return `${safe || 'table'}.pdf`;
}

// US Letter, not A6: the stores are in the US and print on an office printer, where Letter
// prints at actual size with no scaling dialog; the card can be cut or folded into a stand.
const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
// The QR code's box, its 4-module quiet zone included: 5.5 in, scannable from across a table.
const QR_BOX = 396;

/**
 * The table's printable card: the store name, "Table {table}", the QR code large and centred and
 * the link in small text under it. One page, vector throughout.
 */
export async function tablePdf(typed: {
  storeName: string;
  table: string;
  url: string;
}): Promise<Uint8Array> {
  const { url } = typed;
  const [{ PDFDocument, StandardFonts, rgb }, QRCode] = await Promise.all([
    import('pdf-lib'),
    import('qrcode'),
  ]);
  // Names stored before the door refused control and direction characters print without them.
  const storeName = stripControlCharacters(typed.storeName);
  const table = stripControlCharacters(typed.table);
  const doc = await PDFDocument.create();
  doc.setTitle(`${storeName} – Table ${table}`);
  doc.setCreator('Forkful');
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const black = rgb(0, 0, 0);

  const centred = (text: string, font: PDFFont, size: number, y: number) =>
    page.drawText(text, {
      x: (PAGE.width - font.widthOfTextAtSize(text, size)) / 2,
      y,
      size,
      font,
      color: black,
    });

  const name = fitLine(bold, encodable(bold, storeName), 28, 14);
  const title = fitLine(bold, encodable(bold, `Table ${table}`), 44, 18);
  // The link under the QR code, broken anywhere when too long: it is ASCII (percent-encoded).
  const urlSize = 10;
  const urlLines = wrapChars(regular, encodable(regular, url), urlSize, TEXT_WIDTH);

  // The block centred on the page, so the card looks the same whatever is cut or folded off.
  const height = name.size + 16 + title.size + 12 + QR_BOX + 4 + urlLines.length * (urlSize + 4);
  let y = PAGE.height - Math.max(MARGIN, (PAGE.height - height) / 2);
  y -= name.size;
  centred(name.text, bold, name.size, y);
  y -= title.size + 16;
  centred(title.text, bold, title.size, y);

  // The modules as one path of filled rectangles (a run of dark modules per rectangle): vector, so
  // crisp at any print size, and one fill, so no hairline seams between neighbouring modules.
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = QR_BOX / (modules.size + 2 * quiet);
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      path += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  const boxTop = y - 12;
  // drawSvgPath puts the path's origin at (x, y) with y growing downwards, as in SVG.
  page.drawSvgPath(path, {
    x: (PAGE.width - QR_BOX) / 2 + quiet * cell,
    y: boxTop - quiet * cell,
    scale: cell,
    color: black,
  });

  y = boxTop - QR_BOX - 4;
  for (const line of urlLines) {
    y -= urlSize + 4;
    centred(line, regular, urlSize, y);
  }

  return doc.save();
}

// The standard fonts encode only WinAnsi (Latin); embedding a font for other scripts would add
// hundreds of KB, so those characters print as '?'. The QR code still carries the real name.
function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text, (ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** The largest size from `max` down to `min` at which `text` fits; cut with '…' if none does. */
function fitLine(font: PDFFont, text: string, max: number, min: number) {
  for (let size = max; size >= min; size -= 1) {
    if (font.widthOfTextAtSize(text, size) <= TEXT_WIDTH) return { text, size };
  }
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, min) > TEXT_WIDTH) {
    cut = cut.slice(0, -1);
  }
  return { text: cut === text ? text : `${cut.trimEnd()}…`, size: min };
}

function wrapChars(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}
