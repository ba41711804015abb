// A dine-in table's QR code: the link it encodes, the PDF's file name and bytes, and the modal
// that shows the code and downloads the PDF.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY } from '../../test-data/render.js';
import { renderDashboardPart } from '../test/dashboard-testkit.js';
import { dineInUrl, pdfFileName, qrSvg, tablePdf } from './table-qr.js';
import { TableQrModal } from './TableQrModal.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the table QR helpers', () => {
  it('links to the storefront dine-in route, table and merchant encoded', () => {
    expect(dineInUrl('https://forkful.test', 'demo', 'A 1/2')).toBe(
      'https://forkful.test/store/demo/dinein/A%201%2F2',
    );
    expect(dineInUrl('http://localhost:3000', 'a/b', '7')).toBe(
      'http://localhost:3000/store/a%2Fb/dinein/7',
    );
  });

  it('names the PDF after the table, safe for a file name', () => {
    expect(pdfFileName('Patio 4')).toBe('Patio 4.pdf');
    expect(pdfFileName('A 1/2')).toBe('A 1_2.pdf');
    expect(pdfFileName('bar-2_left')).toBe('bar-2_left.pdf');
    expect(pdfFileName('../etc:*?"<>|')).toBe('___etc_______.pdf');
    expect(pdfFileName('  7  ')).toBe('7.pdf');
    expect(pdfFileName('包间 3')).toBe('包间 3.pdf');
    expect(pdfFileName('')).toBe('table.pdf');
    expect(pdfFileName('   ')).toBe('table.pdf');
  });

  it('renders the QR code as an SVG', async () => {
    const svg = await qrSvg('https://forkful.test/store/demo/dinein/7');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });

  it('builds a one-page PDF that pdf-lib reads back', async () => {
    const bytes = await tablePdf({
      storeName: 'Golden Lotus',
      table: 'A 1/2',
      url: 'https://forkful.test/store/demo/dinein/A%201%2F2',
    });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Golden Lotus – Table A 1/2');
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([612, 792]);
  });

  it("draws the link's own QR matrix, the right way up", async () => {
    const url = 'https://forkful.test/store/demo/dinein/7';
    const doc = await PDFDocument.load(await tablePdf({ storeName: 'Lotus', table: '7', url }));
    const contents = doc.getPage(0).node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const ops = streams
      .map((ref) => decodePDFRawStream(doc.context.lookup(ref) as PDFRawStream).decode())
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    // Each run of dark modules is a rectangle "x y m  x+n y l  x+n y+1 l  x y+1 l h".
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const drawn = Array.from({ length: modules.size }, () => Array<number>(modules.size).fill(0));
    for (const [, x0, y, x1] of ops.matchAll(/^(\d+) (\d+) m\n(\d+) \2 l\n/gm)) {
      for (let x = Number(x0); x < Number(x1); x += 1) drawn[Number(y)]![x]! += 1;
    }
    const expected = Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => modules.get(row, col)),
    );
    expect(drawn).toEqual(expected);
  });

  it('prints names without control or direction characters (issue 24)', async () => {
    const doc = await PDFDocument.load(
      await tablePdf({
        storeName: 'Golden\u0007 Lotus\u202e',
        table: 'A\u001b1',
        url: 'https://forkful.test/store/demo/dinein/A1',
      }),
    );
    expect(doc.getTitle()).toBe('Golden Lotus – Table A1');
  });

  it('still builds the PDF for names the standard fonts cannot print, and long links', async () => {
    const bytes = await tablePdf({
      storeName: '金莲花 Golden Lotus'.repeat(5),
      table: '包间 3',
      url: `https://forkful.test/store/demo/dinein/${encodeURIComponent('包间 3'.repeat(20))}`,
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe('the table QR modal', () => {
  function stubDownload() {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:forkful/pdf-1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    // jsdom does not navigate; record the link the modal clicks instead.
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    return { createObjectURL, revokeObjectURL, clicked };
  }

  function renderModal(onClose = vi.fn()) {
    renderDashboardPart(
      <TableQrModal merchantId="demo" storeName="Golden Lotus" table="A 1/2" onClose={onClose} />,
    );
    return onClose;
  }

  const link = `${window.location.origin}/store/demo/dinein/A%201%2F2`;

  it('shows the QR code as an image and the link it opens', async () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Table A 1/2' })).toBeTruthy();
    const img = await screen.findByRole('img', { name: 'QR code for table A 1/2' }, LAZY);
    const src = img.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(await qrSvg(link));
    const anchor = screen.getByRole('link', { name: new RegExp(link) });
    expect(anchor.getAttribute('href')).toBe(link);
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toContain('noopener');
  });

  it('downloads the PDF through a Blob URL and a link named after the table', async () => {
    const { createObjectURL, revokeObjectURL, clicked } = stubDownload();
    renderModal();
    await screen.findByRole('img', { name: 'QR code for table A 1/2' }, LAZY);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    const busy = screen.getByRole('button', { name: 'Preparing PDF…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    await waitFor(() => expect(clicked).toHaveLength(1), LAZY);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    const head = new Uint8Array(await blob.arrayBuffer()).slice(0, 5);
    expect(new TextDecoder().decode(head)).toBe('%PDF-');
    expect(clicked[0]!.download).toBe('A 1_2.pdf');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:forkful/pdf-1');
    expect(clicked[0]!.isConnected).toBe(false);
    await screen.findByRole('button', { name: 'Download PDF' }, LAZY);
    expect(screen.queryByRole('alert')).toBeNull();

    // The Blob URL lives until the modal closes.
    expect(revokeObjectURL).not.toHaveBeenCalled();
    cleanup();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:forkful/pdf-1');
  });

  it('says so when the PDF cannot be made, and lets the merchant try again', async () => {
    const { clicked } = stubDownload();
    vi.spyOn(PDFDocument, 'create').mockRejectedValueOnce(new Error('out of memory'));
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert', {}, LAZY);
    expect(alert.textContent).toBe('Fail to create the PDF');
    expect(clicked).toHaveLength(0);
    const again = screen.getByRole('button', { name: 'Download PDF' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes from its close button', async () => {
    const onClose = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LAZY);
  });
});
