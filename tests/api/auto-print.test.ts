// Automatic printing (issue 29): a new order at a store that prints by itself gets one ticket per
// routed printer, queued once however often the dispatcher runs (also from two instances), and a
// CloudPRNT printer prints it exactly once. A store with automatic printing off gets none; switching
// it on prints the orders placed from then on, not the open orders already on the board (the
// kitchen has those, perhaps printed from the browser).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { printJobs, printSettings, printers } from '../../src/server/db/schema/index.js';
import { hashPrinterToken } from '../../src/server/modules/printers/cloudprnt.service.js';
import { dispatchAutoPrint } from '../../src/server/modules/printers/index.js';
import { readOrderPrintJobs } from '../../src/server/modules/printers/order-printing.service.js';
import { savePrintSettings } from '../../src/server/modules/printers/printer-admin.service.js';
import { cloudPrntPrinter } from '../fakes/cloudprnt-printer.js';
import { createMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let base = '';
const TOKEN = 'auto-print-token-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.app.close());

async function storeWithPrinter(autoPrint: boolean) {
  const m = await createMerchant(t.ctx.db);
  const [printer] = await t.ctx.db
    .insert(printers)
    .values({
      merchantId: m.id,
      name: 'Kitchen',
      connection: 'cloud',
      cloudTokenHash: hashPrinterToken(TOKEN),
    })
    .returning();
  await t.ctx.db.insert(printSettings).values({ merchantId: m.id, autoPrint });
  return { merchant: m, printer: printer! };
}

const jobsOfOrder = (orderId: string) =>
  t.ctx.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));

describe('automatic printing', () => {
  it('queues one kitchen ticket per order, once, and the printer prints it once', async () => {
    const { merchant, printer } = await storeWithPrinter(true);
    const placed = await placeTestOrder(
      t.ctx,
      merchant.merchantId,
      orderDraft({ itemName: 'Kung Pao Chicken' }),
    );
    const orderId = placed.orderId;
    // Two instances' dispatchers at once, then again: one job.
    await Promise.all([dispatchAutoPrint(t.ctx), dispatchAutoPrint(t.ctx)]);
    await dispatchAutoPrint(t.ctx);
    const jobs = await jobsOfOrder(orderId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ printerId: printer.id, kind: 'kitchen', copy: 0 });
    expect(jobs[0]!.ticket.lines.map((l) => l.name)).toEqual(['Kung Pao Chicken']);
    expect(jobs[0]!.ticket.orderNumber).toBe(`Order #${placed.orderNumber}`);
    const device = cloudPrntPrinter(`${base}/api/cloudprnt/${printer.id}`, TOKEN);
    while (await device.cycle()) {
      // print until the queue is empty
    }
    expect(device.printed).toHaveLength(1);
    await dispatchAutoPrint(t.ctx);
    expect(await device.cycle()).toBe(false);
    expect((await jobsOfOrder(orderId))[0]!.status).toBe('printed');
  });

  it('queues nothing where automatic printing is off', async () => {
    const { merchant } = await storeWithPrinter(false);
    const placed = await placeTestOrder(t.ctx, merchant.merchantId);
    await dispatchAutoPrint(t.ctx);
    expect(await jobsOfOrder(placed.orderId)).toEqual([]);
  });

  it('switching it on prints the orders placed from then on, not the open ones before', async () => {
    const { merchant } = await storeWithPrinter(false);
    const before = await placeTestOrder(t.ctx, merchant.merchantId);
    await new Promise((r) => setTimeout(r, 5));
    await savePrintSettings(t.ctx, merchant.merchantId, { autoPrint: true });
    const after = await placeTestOrder(t.ctx, merchant.merchantId);
    // Saved "on" again (another setting changed): the window keeps its start.
    await savePrintSettings(t.ctx, merchant.merchantId, { scheduledPrint: 'due', autoPrint: true });
    await dispatchAutoPrint(t.ctx);
    expect(await jobsOfOrder(before.orderId)).toEqual([]);
    expect(await jobsOfOrder(after.orderId)).toHaveLength(1);
    // The order's printing panel says why the earlier one did not print.
    const panel = async (orderId: string) =>
      (await readOrderPrintJobs(t.ctx, merchant.merchantId, orderId)).placedBeforeAutoPrint;
    expect(await panel(before.orderId)).toBe(true);
    expect(await panel(after.orderId)).toBe(false);
    // Off and on again later: an order placed while it was off stays the merchant's to print.
    await savePrintSettings(t.ctx, merchant.merchantId, { autoPrint: false });
    const whileOff = await placeTestOrder(t.ctx, merchant.merchantId);
    await new Promise((r) => setTimeout(r, 5));
    await savePrintSettings(t.ctx, merchant.merchantId, { autoPrint: true });
    await dispatchAutoPrint(t.ctx);
    expect(await jobsOfOrder(whileOff.orderId)).toEqual([]);
    expect(await jobsOfOrder(before.orderId)).toEqual([]);
  });
});
