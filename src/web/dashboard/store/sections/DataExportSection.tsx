// "Download my data" (issue 31; docs/decisions/operations.md): the merchant's own export, the
// same files as `npm run merchant -- export`, as plain download links (the session cookie goes
// with them). Settings and menu in one JSON file; the orders as CSV (a spreadsheet) or JSON lines.
// Payment credentials and the password are never part of any of them.
import { useId } from 'react';
import {
  exportMerchantOrdersCsv,
  exportMerchantOrdersJsonl,
  exportMerchantStore,
} from '../../../../contract/refs.js';
import { urlOf } from '../../../lib/api.js';

export function DataExportSection({ merchantId }: { merchantId: string }) {
  const headingId = useId();
  const params = { merchantId };
  return (
    <section className="store-section" aria-labelledby={headingId}>
      <div className="store-section__head">
        <h2 id={headingId}>Download my data</h2>
      </div>
      <p className="store-export__note">
        Your store’s settings, menu and every order, as files you keep. Payment credentials and your
        password are never included.
      </p>
      <ul className="store-export__links">
        <li>
          <a className="button" href={urlOf(exportMerchantStore, params)} download>
            Settings and menu (JSON)
          </a>
        </li>
        <li>
          <a className="button" href={urlOf(exportMerchantOrdersCsv, params)} download>
            Orders (CSV)
          </a>
        </li>
        <li>
          <a className="button" href={urlOf(exportMerchantOrdersJsonl, params)} download>
            Orders (JSON lines)
          </a>
        </li>
      </ul>
    </section>
  );
}
