// An order's printing from the order detail (issue 29; docs/decisions/printing.md): with automatic
// printing off, Print sends the tickets (once, however often it is pressed); Reprint prints again
// (a new copy, marked REPRINT); the jobs are listed with their status and a failed one with why;
// a cancelled order that had printed gets a cancel ticket on the printer that printed it, once.
// A merchant never reaches another store's order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPrintJobs } from '../../src/contract/printer-settings.js';
import type { App } from '../../src/server/app.js';
import { orders, printJobs, printers } from '../../src/server/db/schema/index.js';
import { hashPrinterToken } from '../../src/server/modules/printers/cloudprnt.service.js';
import { dispatchCancelTickets } from '../../src/server/modules/printers/index.js';
import { cloudPrntPrinter } from '../fakes/cloudprnt-printer.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let base = '';
const TOKEN = 'order-printing-token-0123456789';
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;
let printerId = '';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
  const [p] = await t.ctx.db
    .insert(printers)
    .values({
      merchantId: a.id,
      name: 'Kitchen',
      connection: 'cloud',
      cloudTokenHash: hashPrinterToken(TOKEN),
    })
    .returning();
  printerId = p!.id;
});
afterAll(() => t.app.close());

const call = (method: 'GET' | 'POST', orderId: string, what: string, who: SignedIn = m) =>
  t.app.inject({
    method,
    url: `/api/printers/merchantId/${who.merchantId}/order/${orderId}/${what}`,
    headers: { cookie: who.cookie },
  });
const view = async (orderId: string) =>
  (await call('GET', orderId, 'printJobs')).json<OrderPrintJobs>();
const printAll = async () => {
  const device = cloudPrntPrinter(`${base}/api/cloudprnt/${printerId}`, TOKEN);
  while (await device.cycle()) {
    // print until the queue is empty
  }
  return device.printed.length;
};
const printedFlag = async (orderId: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.hasPrintedToKitchen;

describe('printing from the order detail', () => {
  it('Print sends the tickets once; the order shows them printed; Reprint prints again', async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId, orderDraft({ itemName: 'Pho' }));
    expect(await view(orderId)).toEqual({
      autoPrint: false,
      placedBeforeAutoPrint: false,
      hasNetworkPrinter: true,
      jobs: [],
    });
    const first = await call('POST', orderId, 'print');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OrderPrintJobs>().jobs).toMatchObject([
      { printer_name: 'Kitchen', kind: 'kitchen', copy: 0, status: 'queued', error: null },
    ]);
    // Pressed twice: still one job.
    expect((await call('POST', orderId, 'print')).json<OrderPrintJobs>().jobs).toHaveLength(1);
    expect(await printAll()).toBe(1);
    expect(await printedFlag(orderId)).toBe(true);
    const printed = await view(orderId);
    expect(printed.jobs).toMatchObject([{ status: 'printed', copy: 0 }]);
    expect(printed.jobs[0]!.printed_at).not.toBeNull();

    const again = await call('POST', orderId, 'reprint');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<OrderPrintJobs>().jobs.map((j) => [j.copy, j.status])).toEqual([
      [0, 'printed'],
      [1, 'queued'],
    ]);
    expect(await printAll()).toBe(1);
    const [reprinted] = await t.ctx.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.jobKey, `${orderId}:${printerId}:kitchen:1`));
    expect(reprinted).toMatchObject({ status: 'printed' });
    expect(reprinted!.ticket.marks).toContain('REPRINT');
  });

  it('shows a failed job with why', async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
    await call('POST', orderId, 'print');
    await t.ctx.db
      .update(printJobs)
      .set({ status: 'failed', lastError: 'printer answered 520 Cannot decode' })
      .where(eq(printJobs.orderId, orderId));
    expect((await view(orderId)).jobs).toMatchObject([
      { status: 'failed', error: 'printer answered 520 Cannot decode' },
    ]);
    expect(await printedFlag(orderId)).toBe(false);
  });

  it('a cancelled order that had printed prints a cancel ticket there, once', async () => {
    const { orderId } = await placeTestOrder(
      t.ctx,
      m.merchantId,
      orderDraft({ itemName: 'Laksa' }),
    );
    await call('POST', orderId, 'print');
    expect(await printAll()).toBe(1);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders7/merchantId/${m.merchantId}/order/_id/${orderId}/cancel`,
      headers: { cookie: m.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await Promise.all([dispatchCancelTickets(t.ctx), dispatchCancelTickets(t.ctx)]);
    await dispatchCancelTickets(t.ctx);
    const jobs = (await view(orderId)).jobs;
    expect(jobs.map((j) => [j.kind, j.status])).toEqual([
      ['kitchen', 'printed'],
      ['cancel', 'queued'],
    ]);
    expect(await printAll()).toBe(1);
    const [cancelJob] = await t.ctx.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.jobKey, `${orderId}:${printerId}:cancel:0`));
    expect(cancelJob!.ticket.kind).toBe('cancel');
    expect(cancelJob!.ticket.marks.join(' ')).toMatch(/CANCELLED/);
    expect(cancelJob!.ticket.lines.map((l) => l.name)).toEqual(['Laksa']);
  });

  it('a cancelled order that never printed prints nothing', async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders7/merchantId/${m.merchantId}/order/_id/${orderId}/cancel`,
      headers: { cookie: m.cookie },
    });
    expect(cancelled.statusCode).toBe(200);
    await dispatchCancelTickets(t.ctx);
    expect((await view(orderId)).jobs).toEqual([]);
  });

  it('another merchant reaches neither the jobs nor Print', async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
    for (const [method, what] of [
      ['GET', 'printJobs'],
      ['POST', 'print'],
      ['POST', 'reprint'],
    ] as const)
      expect((await call(method, orderId, what, other)).statusCode).toBe(404);
    const theirs = await placeTestOrder(t.ctx, other.merchantId);
    expect((await call('POST', theirs.orderId, 'print')).statusCode).toBe(404);
  });
});
