// A merchant's printers (spec C7 printers call: "GET /api/printers/merchantId/{merchantId}/printers
// with query param queryObj, returning a list; the default list excludes receipt-format
// printers"; checklist C7.35–C7.37, E3.37). The spec never shows queryObj: here it is JSON with
// the allowed fields below and nothing else, always scoped to the merchant of the path
// (docs/decisions/menu-writes-files.md).
import { z } from 'zod';
import { PRINT_FORMATS } from '../domain/settings/schemas.js';
import { jsonQueryParam, merchantParams } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** How a printer is reached: browser print only, raw TCP, or a cloud printer polling us. */
export const PRINTER_CONNECTIONS = ['none', 'network', 'cloud'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];

export const printerView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  print_format: z.string(),
  connection: z.string(),
});
export type PrinterView = z.infer<typeof printerView>;

const printFormat = z.enum(PRINT_FORMATS);

/**
 * The spec's `queryObj` for printers. `printFormat` (one format or a list) lists exactly those
 * formats, receipt included when named; without it, receipt printers are left out unless
 * `includeReceipt` is true. `connection` narrows to one way of reaching the printer. Any other
 * field (an operator such as `$ne`, a merchantId) is refused.
 */
export const printerQueryObj = z
  .object({
    printFormat: z.union([printFormat, z.array(printFormat).min(1).max(PRINT_FORMATS.length)], {
      error: `printFormat must be one of ${PRINT_FORMATS.join(', ')}, or a list of them`,
    }),
    connection: z.enum(PRINTER_CONNECTIONS),
    includeReceipt: z.boolean(),
  })
  .partial()
  .strict()
  .refine((q) => q.printFormat === undefined || q.includeReceipt === undefined, {
    message: 'Give printFormat or includeReceipt, not both',
    path: ['includeReceipt'],
  });
export type PrinterQueryObj = z.infer<typeof printerQueryObj>;

/**
 * Kitchen and label printers by default. `queryObj` (JSON) filters; the older
 * `includeReceipt=true` (kept for callers that use it) adds the receipt printers, and is refused
 * beside a queryObj so one request never says two things.
 */
export const listPrinters = defineRoute('GET', '/api/printers/merchantId/:merchantId/printers', {
  tags: ['printers'],
  description:
    'queryObj: JSON {"printFormat": "kitchen"|"receipt"|"label" or a list, "connection": ' +
    '"none"|"network"|"cloud", "includeReceipt": boolean}; receipt printers are left out unless ' +
    'named or included.',
  params: merchantParams,
  querystring: z
    .object({
      queryObj: jsonQueryParam(printerQueryObj).optional(),
      includeReceipt: z.enum(['true', 'false']).optional(),
    })
    .refine((q) => q.queryObj === undefined || q.includeReceipt === undefined, {
      message: 'Give includeReceipt inside queryObj, not beside it',
      path: ['includeReceipt'],
    }),
  response: {
    200: z.array(printerView),
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
