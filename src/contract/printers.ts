// A merchant's printers (spec C7 printers call).
import { z } from 'zod';
import { merchantParams } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const printerView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  print_format: z.string(),
  connection: z.string(),
});
export type PrinterView = z.infer<typeof printerView>;

/** Kitchen and label printers; `includeReceipt=true` adds the receipt printers. */
export const listPrinters = defineRoute('GET', '/api/printers/merchantId/:merchantId/printers', {
  tags: ['printers'],
  params: merchantParams,
  querystring: z.object({ includeReceipt: z.enum(['true', 'false']).optional() }),
  response: {
    200: z.array(printerView),
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
