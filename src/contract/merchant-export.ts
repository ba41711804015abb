// The merchant's data export from the dashboard (issue 31; docs/decisions/operations.md): the
// same files as `npm run merchant -- export`, for the signed-in merchant of :merchantId only.
// The store file (settings and menu) is JSON; the orders are CSV or JSON lines, streamed as read.
// Never a password hash or payment credentials (the settings are the dashboard's own view).
import { z } from 'zod';
import { merchantParams } from './common.js';
import { errorAnswers } from './errors.js';
import { categoryView, itemView } from './menu.js';
import { defineRoute } from './route.js';
import { merchantBusinessInfo } from './store-settings.js';

/** Each download's limit, per merchant: a year of orders is a long read. */
export const MERCHANT_EXPORT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export const merchantStoreExport = z.object({
  merchantId: z.string(),
  exportedAt: z.iso.datetime(),
  settings: merchantBusinessInfo,
  menu: z.object({ categories: z.array(categoryView), items: z.array(itemView) }),
});
export type MerchantStoreExport = z.infer<typeof merchantStoreExport>;

const base = '/api/merchantExports/merchantId/:merchantId';
const answers = errorAnswers(401, 403, 404, 429);

/** Settings and menu as one JSON file (a download: content-disposition attachment). */
export const exportMerchantStore = defineRoute('GET', `${base}/store.json`, {
  tags: ['merchant export'],
  params: merchantParams,
  response: { 200: merchantStoreExport, ...answers },
});

/** Every order of the merchant as CSV (text/csv, streamed; the answer is the file). */
export const exportMerchantOrdersCsv = defineRoute('GET', `${base}/orders.csv`, {
  tags: ['merchant export'],
  params: merchantParams,
  response: { 200: z.string(), ...answers },
});

/** Every order of the merchant, one JSON object a line (application/x-ndjson, streamed). */
export const exportMerchantOrdersJsonl = defineRoute('GET', `${base}/orders.jsonl`, {
  tags: ['merchant export'],
  params: merchantParams,
  response: { 200: z.string(), ...answers },
});
