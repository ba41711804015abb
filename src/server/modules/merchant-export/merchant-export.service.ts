// A merchant's data export (issue 31): its menu and settings as the API shows them, and its
// orders as JSON lines and CSV, written as they are read. The settings are the dashboard's own
// view (no password hash; payment credentials are never part of it, only whether they are set).
import type { Writable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { getCategories, getItems } from '../menu/index.js';
import { getMerchantBusinessInfo } from '../store/index.js';
import { EXPORTED_ORDER_COLUMNS, exportOrdersPage } from './merchant-export.repository.js';

const PAGE = 1000;

/** One CSV field (RFC 4180), with a leading = + - @ neutralised so a spreadsheet runs nothing. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Thrown when the reader went away (the download was cancelled): the export stops reading. */
export class ExportAbortedError extends Error {
  constructor() {
    super('The export was cancelled');
  }
}

/** Writes, waiting while the reader is behind; a closed stream ends the export. */
async function write(out: Writable | undefined, text: string): Promise<void> {
  if (!out) return;
  if (out.destroyed || out.writableEnded) throw new ExportAbortedError();
  if (out.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  if (out.destroyed) throw new ExportAbortedError();
}

export async function merchantSettingsExport(ctx: AppContext, merchantId: string) {
  return getMerchantBusinessInfo(ctx, merchantId);
}

/** The menu as the storefront's API shows it: categories and items. */
export async function merchantMenuExport(ctx: AppContext, merchantId: string) {
  return {
    categories: await getCategories(ctx, merchantId),
    items: await getItems(ctx, merchantId),
  };
}

/**
 * Streams every order of the merchant to `json` (one object a line) and/or `csv`; returns the
 * count. Neither stream is ended here. A destroyed stream (a cancelled download) stops the read
 * with ExportAbortedError.
 */
export async function exportMerchantOrders(
  ctx: AppContext,
  merchantId: string,
  out: { json?: Writable; csv?: Writable },
  /** Orders read at a time (tests make pages small). */
  pageSize = PAGE,
): Promise<number> {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  const columns = Object.keys(EXPORTED_ORDER_COLUMNS) as (keyof typeof EXPORTED_ORDER_COLUMNS)[];
  await write(out.csv, `${columns.join(',')}\r\n`);
  let after: { id: string } | null = null;
  let count = 0;
  for (;;) {
    const rows = await exportOrdersPage(ctx.db, merchant.id, after, pageSize);
    for (const row of rows) {
      if (out.json) await write(out.json, `${JSON.stringify(row)}\n`);
      if (out.csv) await write(out.csv, `${columns.map((c) => csvField(row[c])).join(',')}\r\n`);
    }
    count += rows.length;
    if (rows.length < pageSize) return count;
    const last = rows[rows.length - 1]!;
    after = { id: last.id as string };
  }
}
