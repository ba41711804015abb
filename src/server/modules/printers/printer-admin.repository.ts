// The dashboard's writes to a merchant's printers and print settings (issue 29). Every statement
// names the merchant, so a printer id of another store matches nothing.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { printJobs, printSettings, printers } from '../../db/schema/index.js';
import type { PrinterRow, PrintJobRow } from './print-jobs.repository.js';

export type PrinterValues = Partial<
  Pick<
    typeof printers.$inferInsert,
    | 'name'
    | 'description'
    | 'printFormat'
    | 'connection'
    | 'paperWidth'
    | 'networkHost'
    | 'networkPort'
    | 'cloudTokenHash'
  >
>;

export async function merchantPrinter(
  tx: Tx,
  merchantUuid: string,
  printerId: string,
): Promise<PrinterRow | undefined> {
  const [row] = await tx
    .select()
    .from(printers)
    .where(and(eq(printers.id, printerId), eq(printers.merchantId, merchantUuid)));
  return row;
}

/** Every printer of the merchant, by name (receipt printers too). */
export async function allPrinters(tx: Tx, merchantUuid: string): Promise<PrinterRow[]> {
  return tx
    .select()
    .from(printers)
    .where(eq(printers.merchantId, merchantUuid))
    .orderBy(printers.name);
}

export async function insertPrinter(
  tx: Tx,
  merchantUuid: string,
  values: PrinterValues & { name: string },
): Promise<PrinterRow> {
  const [row] = await tx
    .insert(printers)
    .values({ ...values, merchantId: merchantUuid })
    .returning();
  return row!;
}

export async function updatePrinter(
  tx: Tx,
  merchantUuid: string,
  printerId: string,
  values: PrinterValues,
): Promise<PrinterRow | undefined> {
  const [row] = await tx
    .update(printers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(printers.id, printerId), eq(printers.merchantId, merchantUuid)))
    .returning();
  return row;
}

export async function deletePrinter(
  tx: Tx,
  merchantUuid: string,
  printerId: string,
): Promise<boolean> {
  const rows = await tx
    .delete(printers)
    .where(and(eq(printers.id, printerId), eq(printers.merchantId, merchantUuid)))
    .returning({ id: printers.id });
  return rows.length === 1;
}

/** Each printer's newest job. */
export async function lastJobs(
  tx: Tx,
  printerIds: readonly string[],
): Promise<Map<string, PrintJobRow>> {
  if (printerIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([printJobs.printerId])
    .from(printJobs)
    .where(inArray(printJobs.printerId, [...printerIds]))
    .orderBy(printJobs.printerId, desc(printJobs.createdAt), desc(printJobs.id));
  return new Map(rows.map((r) => [r.printerId, r]));
}

export type PrintSettingsRow = typeof printSettings.$inferSelect;

export async function findPrintSettings(
  tx: Tx,
  merchantUuid: string,
): Promise<PrintSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(printSettings)
    .where(eq(printSettings.merchantId, merchantUuid));
  return row;
}

export async function upsertPrintSettings(
  tx: Tx,
  merchantUuid: string,
  values: Partial<
    Pick<PrintSettingsRow, 'autoPrint' | 'scheduledPrint' | 'defaultKitchenPrinterId'>
  >,
  at: Date,
): Promise<PrintSettingsRow> {
  // Switching automatic printing on starts its window now; saving "on" again keeps the start, so
  // an order placed between two saves still prints.
  const since =
    values.autoPrint === true
      ? {
          autoPrintSince: sql`case when ${printSettings.autoPrint} then ${printSettings.autoPrintSince} else ${at.toISOString()}::timestamptz end`,
        }
      : {};
  const [row] = await tx
    .insert(printSettings)
    .values({
      merchantId: merchantUuid,
      ...values,
      ...(values.autoPrint === true ? { autoPrintSince: at } : {}),
    })
    .onConflictDoUpdate({
      target: printSettings.merchantId,
      set: { ...values, ...since, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
