// Printers in the dashboard (issue 29): add, edit, remove a printer, how it is reached, its
// CloudPRNT credentials, its status and last job, a test page, and the store's print settings.
// The spec's list route (src/contract/printers.ts) stays as the spec shows it; these are beside it.
// A write changes only the fields it names (docs/decisions/printing.md).
import { z } from 'zod';
import { PAPER_WIDTHS } from '../domain/printing/layout.js';
import { PRINT_FORMATS } from '../domain/settings/schemas.js';
import { merchantParams, success, uuidParam } from './common.js';
import { errorAnswers } from './errors.js';
import { PRINTER_CONNECTIONS } from './printers.js';
import { defineRoute } from './route.js';

const base = '/api/printers/merchantId/:merchantId';
const tags = ['printers'];
const errors = errorAnswers(400, 401, 403, 404, 409, 429);
export const printerParams = merchantParams.extend({ id: uuidParam });

/** What the dashboard says of a printer: what it last reported, or offline when it went silent. */
export const PRINTER_STATES = [
  'online',
  'paper_low',
  'paper_out',
  'cover_open',
  'error',
  'unreachable',
  'offline',
  'unknown',
] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const PRINTER_NAME_MAX = 60;
export const PRINTER_DESCRIPTION_MAX = 200;

/** The fields a merchant sets. Every one optional on an edit; name required on an add. */
const printerFields = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the printer’s name')
      .max(PRINTER_NAME_MAX, `At most ${PRINTER_NAME_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(PRINTER_DESCRIPTION_MAX, `At most ${PRINTER_DESCRIPTION_MAX} characters`),
    print_format: z.enum(PRINT_FORMATS, {
      error: `print_format must be one of ${PRINT_FORMATS.join(', ')}`,
    }),
    connection: z.enum(PRINTER_CONNECTIONS, {
      error: 'connection must be none (browser), cloud (Star CloudPRNT) or network (ESC/POS)',
    }),
    paper_width: z.enum(PAPER_WIDTHS, { error: 'paper_width must be 58mm or 80mm' }),
    network_host: z.string().trim().max(64, 'At most 64 characters'),
    network_port: z.number().int('The printer port must be a whole number'),
  })
  .strict();

export const printerEditBody = printerFields.partial();
export type PrinterEdit = z.infer<typeof printerEditBody>;
export const printerAddBody = printerFields.partial().required({ name: true });
export type PrinterAdd = z.infer<typeof printerAddBody>;

export const printerLastJob = z.object({
  kind: z.string(),
  status: z.string(),
  /** When it printed, else when it was queued. */
  at: z.string(),
  error: z.string().nullable(),
});

export const printerDetail = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  print_format: z.string(),
  connection: z.string(),
  paper_width: z.string(),
  network_host: z.string().nullable(),
  network_port: z.number().nullable(),
  /** A CloudPRNT token has been made (the token itself is never shown again). */
  has_cloud_token: z.boolean(),
  status: z.enum(PRINTER_STATES),
  last_seen_at: z.string().nullable(),
  last_job: printerLastJob.nullable(),
});
export type PrinterDetail = z.infer<typeof printerDetail>;

/** Every printer of the store (receipt ones too), with its status: the dashboard's list. */
export const printerBoard = defineRoute('GET', `${base}/printerBoard`, {
  tags,
  params: merchantParams,
  response: { 200: z.array(printerDetail), ...errors },
});

export const addPrinter = defineRoute('POST', `${base}/printer`, {
  tags,
  params: merchantParams,
  body: printerAddBody,
  response: { 200: printerDetail, ...errors },
});

export const editPrinter = defineRoute('PUT', `${base}/printer/:id`, {
  tags,
  params: printerParams,
  body: printerEditBody,
  response: { 200: printerDetail, ...errors },
});

export const removePrinter = defineRoute('DELETE', `${base}/printer/:id`, {
  tags,
  params: printerParams,
  response: { 200: success, ...errors },
});

/** What to type into a Star printer's CloudPRNT settings. Shown once: only a hash is kept. */
export const cloudPrntCredentials = z.object({
  url: z.string(),
  user: z.string(),
  password: z.string(),
});
export type CloudPrntCredentials = z.infer<typeof cloudPrntCredentials>;

export const newCloudToken = defineRoute('POST', `${base}/printer/:id/cloudToken`, {
  tags,
  description: 'A new CloudPRNT token for a cloud printer; the old one stops working at once.',
  params: printerParams,
  response: { 200: cloudPrntCredentials, ...errors },
});

/** One test page per printer per this many seconds. */
export const TEST_PAGE_INTERVAL_SECONDS = 10;

export const printTestPage = defineRoute('POST', `${base}/printer/:id/testPage`, {
  tags,
  params: printerParams,
  response: { 200: success, ...errors },
});

export const SCHEDULED_PRINT = ['placement', 'due'] as const;

export const printSettings = z.object({
  autoPrint: z.boolean(),
  /** placement: when the order is placed; due: at its due time minus the preparing time. */
  scheduledPrint: z.enum(SCHEDULED_PRINT, { error: 'scheduledPrint must be placement or due' }),
  /** Where lines of items without a printer go; null: the first kitchen printer by name. */
  defaultKitchenPrinterId: z.uuid('Choose one of the store’s kitchen printers').nullable(),
});
export type PrintSettings = z.infer<typeof printSettings>;

export const readPrintSettings = defineRoute('GET', `${base}/printSettings`, {
  tags,
  params: merchantParams,
  response: { 200: printSettings, ...errors },
});

export const savePrintSettings = defineRoute('PUT', `${base}/printSettings`, {
  tags,
  params: merchantParams,
  body: printSettings.partial().strict(),
  response: { 200: printSettings, ...errors },
});

/** An order's print job as the order detail shows it (issue 29). */
export const orderPrintJob = z.object({
  _id: z.string(),
  printer_name: z.string(),
  /** none (browser), cloud (Star CloudPRNT), network (ESC/POS). */
  connection: z.string(),
  /** kitchen, receipt or cancel. */
  kind: z.string(),
  /** 0 the first print; 1, 2… Reprints. */
  copy: z.number(),
  /** queued, sent, printed or failed. */
  status: z.string(),
  error: z.string().nullable(),
  queued_at: z.string(),
  printed_at: z.string().nullable(),
});
export type OrderPrintJob = z.infer<typeof orderPrintJob>;

export const orderPrintJobs = z.object({
  /** The store prints new orders by itself. */
  autoPrint: z.boolean(),
  /** Placed before automatic printing was turned on: it prints only when the merchant asks. */
  placedBeforeAutoPrint: z.boolean(),
  /** The store has a printer the server reaches (CloudPRNT or ESC/POS): Print sends jobs to it. */
  hasNetworkPrinter: z.boolean(),
  jobs: z.array(orderPrintJob),
});
export type OrderPrintJobs = z.infer<typeof orderPrintJobs>;

const orderPrintParams = merchantParams.extend({ orderId: uuidParam });

export const readOrderPrintJobs = defineRoute('GET', `${base}/order/:orderId/printJobs`, {
  tags,
  params: orderPrintParams,
  response: { 200: orderPrintJobs, ...errors },
});

export const printOrder = defineRoute('POST', `${base}/order/:orderId/print`, {
  tags,
  description:
    'Sends the order’s tickets to its printers, once: a second press queues nothing more (Reprint does).',
  params: orderPrintParams,
  response: { 200: orderPrintJobs, ...errors },
});

export const reprintOrder = defineRoute('POST', `${base}/order/:orderId/reprint`, {
  tags,
  description: 'Prints the order again on its printers (a new copy, marked REPRINT).',
  params: orderPrintParams,
  response: { 200: orderPrintJobs, ...errors },
});
