// A dine-in table's QR code (spec: "A table-name modal shows a QR code for the store dine-in link
// and a PDF download named after the table"): the code, the link it opens and a printable PDF.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { dineInUrl, pdfFileName, qrSvg, tablePdf } from './table-qr.js';
import './table-qr.css';

export function TableQrModal({
  merchantId,
  storeName,
  table,
  onClose,
}: {
  merchantId: string;
  storeName: string;
  table: string;
  onClose: () => void;
}) {
  const url = dineInUrl(window.location.origin, merchantId, table);
  // The SVG for the URL it was made from (null: qrcode failed to load), so a stale one never shows.
  const [qr, setQr] = useState<{ url: string; svg: string | null }>();
  const [pdf, setPdf] = useState<'idle' | 'preparing' | 'failed'>('idle');
  const open = useRef(true);
  // The last download's Blob URL, freed when the modal closes: revoking it right after the click
  // can cancel the download in some browsers.
  const blobUrl = useRef<string | null>(null);

  useEffect(() => {
    let current = true;
    qrSvg(url).then(
      (svg) => current && setQr({ url, svg }),
      () => current && setQr({ url, svg: null }),
    );
    return () => {
      current = false;
    };
  }, [url]);

  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
      blobUrl.current = null;
    };
  }, []);

  async function download() {
    setPdf('preparing');
    try {
      const bytes = await tablePdf({ storeName, table, url });
      // Closed while the PDF was being built: the merchant no longer wants it.
      if (!open.current) return;
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
      // pdf-lib's bytes sit on a plain ArrayBuffer; its types only say ArrayBufferLike.
      const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
      blobUrl.current = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = blobUrl.current;
      link.download = pdfFileName(table);
      document.body.append(link);
      link.click();
      link.remove();
      setPdf('idle');
    } catch {
      setPdf('failed');
    }
  }

  const shown = qr?.url === url ? qr : undefined;
  return (
    <DashboardDialog title={`Table ${table}`} onClose={onClose} className="table-qr-modal">
      <div className="table-qr__code">
        {shown?.svg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.svg)}`}
            alt={`QR code for table ${table}`}
            width={240}
            height={240}
          />
        ) : (
          <p className="muted">
            {shown ? 'Cannot show the QR code. Please try again.' : 'Loading QR code…'}
          </p>
        )}
      </div>
      <p className="table-qr__link">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
          <span className="dash-sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {pdf === 'failed' ? (
        <p className="form-error" role="alert">
          Fail to create the PDF
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <Button
          className="button button--primary"
          isDisabled={pdf === 'preparing'}
          onPress={() => void download()}
        >
          {pdf === 'preparing' ? 'Preparing PDF…' : 'Download PDF'}
        </Button>
      </div>
    </DashboardDialog>
  );
}
