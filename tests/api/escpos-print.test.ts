// ESC/POS print jobs through the outbox (issue 29; docs/decisions/printing.md): a new order at a
// store that prints by itself reaches a network printer (the local TCP sink, tests/fakes/escpos-
// sink.ts, which parses the bytes with its own reading of ESC/POS) exactly once; paper out and cover
// open are reported on the printer and the job, and retried with the outbox's backoff; the last
// attempt fails the job; a link that broke after the ticket went out, or a worker that died then,
// leaves a job nobody resends (it "may have printed"; Reprint is the merchant's); an address the operator's ranges no longer allow is never dialled.
import { and, eq } from 'drizzle-orm';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  orders,
  outbox,
  printJobs,
  printSettings,
  printers,
} from '../../src/server/db/schema/index.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import { hashPrinterToken } from '../../src/server/modules/printers/cloudprnt.service.js';
import { dispatchAutoPrint } from '../../src/server/modules/printers/index.js';
import {
  printOrderTickets,
  readOrderPrintJobs,
} from '../../src/server/modules/printers/order-printing.service.js';
import {
  MAYBE_PRINTED,
  deliverEscPosJob,
} from '../../src/server/modules/printers/print-delivery.service.js';
import { cloudPrntPrinter } from '../fakes/cloudprnt-printer.js';
import { type EscPosSink, startEscPosSink } from '../fakes/escpos-sink.js';
import { createMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp, manualClock } from '../support/test-app.js';

/** This machine's own non-loopback IPv4 address: where a "network printer" can listen. */
const lan = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const PORTS = [9106, 9107, 9108, 9109];

let t: App;
const clock = manualClock('2026-11-27T18:00:00Z');
let sink: EscPosSink | undefined;
let base = '';

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { PRINTER_NETWORK_ALLOW: lan ? `${lan}/32` : '10.0.0.0/8' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.app.close());
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

const printedFlag = async (orderId: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.hasPrintedToKitchen;

async function networkStore(port: number, host = lan!, withReceiptOnCloud = false) {
  const m = await createMerchant(t.ctx.db);
  const [printer] = await t.ctx.db
    .insert(printers)
    .values({
      merchantId: m.id,
      name: 'Bar',
      connection: 'network',
      networkHost: host,
      networkPort: port,
    })
    .returning();
  if (withReceiptOnCloud)
    await t.ctx.db.insert(printers).values({
      merchantId: m.id,
      name: 'Front counter',
      printFormat: 'receipt',
      connection: 'cloud',
      cloudTokenHash: hashPrinterToken(TOKEN),
    });
  await t.ctx.db.insert(printSettings).values({ merchantId: m.id, autoPrint: true });
  const placed = await placeTestOrder(t.ctx, m.merchantId, orderDraft({ itemName: 'Mango Lassi' }));
  await dispatchAutoPrint(t.ctx);
  const [job] = await t.ctx.db
    .select()
    .from(printJobs)
    .where(eq(printJobs.orderId, placed.orderId));
  return { merchant: m, printer: printer!, placed, job: job! };
}

const TOKEN = 'escpos-print-cloud-token-0123456789';

const jobRow = async (id: string) =>
  (await t.ctx.db.select().from(printJobs).where(eq(printJobs.id, id)))[0]!;
const printerRow = async (id: string) =>
  (await t.ctx.db.select().from(printers).where(eq(printers.id, id)))[0]!;
const printMessage = async (jobId: string) =>
  (
    await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'print'), eq(outbox.messageKey, `print:${jobId}`)))
  )[0]!;

describe.skipIf(!lan)('ESC/POS jobs through the outbox', () => {
  it('a new order prints once on the network printer, and only once', async () => {
    sink = await startEscPosSink({}, { host: lan!, ports: PORTS });
    const { job, printer } = await networkStore(sink.port);
    expect(job).toMatchObject({ status: 'queued', kind: 'kitchen' });
    expect((await printMessage(job.id)).status).toBe('pending');
    await processOutbox(t.ctx);
    const [printed] = await sink.waitForJobs(1);
    // The sink's own parse: status asked before and after, the ticket between, then the cut.
    expect(printed!.transcript).toMatch(/^\[STATUS\? 2\]\[STATUS\? 4\]\[INIT\]/);
    expect(printed!.transcript).toContain('Mango Lassi');
    expect(printed!.transcript).toMatch(/\[CUT [A-Z]+.*\[STATUS\? 2\]\[STATUS\? 4\]$/s);
    expect(await jobRow(job.id)).toMatchObject({ status: 'printed', lastError: null });
    expect(await printedFlag(job.orderId!)).toBe(true);
    expect((await printMessage(job.id)).status).toBe('sent');
    expect((await printerRow(printer.id)).lastStatus).toBe('online');
    // Dispatcher and outbox again, later: nothing more reaches the printer.
    clock.advance(60_000);
    await dispatchAutoPrint(t.ctx);
    await processOutbox(t.ctx);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.jobs).toHaveLength(1);
  });

  it('hasPrintedToKitchen turns true once every job of the order printed (ESC/POS and CloudPRNT)', async () => {
    sink = await startEscPosSink({}, { host: lan!, ports: PORTS });
    const { placed } = await networkStore(sink.port, lan!, true);
    const jobs = await t.ctx.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.orderId, placed.orderId));
    expect(jobs.map((j) => j.kind).sort()).toEqual(['kitchen', 'receipt']);
    expect(await printedFlag(placed.orderId)).toBe(false);
    await processOutbox(t.ctx);
    await sink.waitForJobs(1);
    // The kitchen ticket printed; the receipt waits for its printer's poll: not yet.
    expect(await printedFlag(placed.orderId)).toBe(false);
    const receiptPrinter = jobs.find((j) => j.kind === 'receipt')!.printerId;
    const device = cloudPrntPrinter(`${base}/api/cloudprnt/${receiptPrinter}`, TOKEN);
    while (await device.cycle()) {
      // print until the queue is empty
    }
    expect(device.printed).toHaveLength(1);
    expect(await printedFlag(placed.orderId)).toBe(true);
  });

  it('paper out: nothing printed, reported, retried after the backoff, then printed', async () => {
    sink = await startEscPosSink({ paperOut: true }, { host: lan!, ports: PORTS });
    const { job, printer } = await networkStore(sink.port);
    await processOutbox(t.ctx);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'The printer is out of paper',
    });
    expect((await printerRow(printer.id)).lastStatus).toBe('paper_out');
    const message = await printMessage(job.id);
    expect(message.status).toBe('failed');
    expect(message.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    // Not before its time.
    await processOutbox(t.ctx);
    expect((await printMessage(job.id)).attempts).toBe(1);
    // Paper loaded, the backoff passed: it prints, once.
    sink.state.paperOut = false;
    clock.set(new Date(message.nextAttemptAt.getTime() + 1));
    await processOutbox(t.ctx);
    await sink.waitForJobs(1);
    expect(sink.jobs).toHaveLength(1);
    expect(sink.jobs[0]!.transcript).toContain('Mango Lassi');
    expect(await jobRow(job.id)).toMatchObject({ status: 'printed' });
    expect((await printerRow(printer.id)).lastStatus).toBe('online');
  });

  it('cover open on the outbox’s last attempt fails the job, shown with why', async () => {
    sink = await startEscPosSink({ coverOpen: true }, { host: lan!, ports: PORTS });
    const { job, printer } = await networkStore(sink.port);
    await expect(
      deliverEscPosJob(t.ctx, { jobId: job.id, attempt: 1, lastAttempt: false }),
    ).rejects.toThrow(/cover is open/);
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await printerRow(printer.id)).lastStatus).toBe('cover_open');
    await expect(
      deliverEscPosJob(t.ctx, { jobId: job.id, attempt: 8, lastAttempt: true }),
    ).rejects.toThrow(/cover is open/);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'The printer’s cover is open',
    });
    expect(sink.jobs).toHaveLength(0);
  });

  it('a worker that died after writing: the next attempt does not print again', async () => {
    sink = await startEscPosSink({}, { host: lan!, ports: PORTS });
    const { job } = await networkStore(sink.port);
    // What a worker leaves when it dies between the first byte and recording the end: the job
    // marked sent (committed before writing) and its outbox message held under a lease.
    await t.ctx.db
      .update(printJobs)
      .set({ status: 'sent', sentAt: clock.now() })
      .where(eq(printJobs.id, job.id));
    await t.ctx.db
      .update(outbox)
      .set({ status: 'sending', lockedBy: 'dead-worker', lockedUntil: clock.now(), attempts: 1 })
      .where(eq(outbox.messageKey, `print:${job.id}`));
    clock.advance(1000);
    await processOutbox(t.ctx);
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', lastError: MAYBE_PRINTED });
    expect((await printMessage(job.id)).status).toBe('sent');
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.jobs).toHaveLength(0);
  });

  it.each(['reset', 'close'] as const)(
    'the link breaks (%s) after the ticket went out: shown as “may have printed”, never resent on its own, Reprint prints it',
    async (hangUp) => {
      sink = await startEscPosSink({ hangUpAfterTicket: hangUp }, { host: lan!, ports: PORTS });
      const { job, merchant, placed } = await networkStore(sink.port);
      await processOutbox(t.ctx);
      // The printer took the whole ticket and dropped the link before its status after it.
      const [taken] = await sink.waitForJobs(1);
      expect(taken!.transcript).toContain('Mango Lassi');
      expect(taken!.transcript).toContain('[CUT');
      expect(await jobRow(job.id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: MAYBE_PRINTED,
      });
      // The outbox is done with it: no retry is scheduled.
      expect((await printMessage(job.id)).status).toBe('sent');
      expect(await printedFlag(placed.orderId)).toBe(false);
      // What the merchant sees on the order: the ticket failed, with what to do.
      const seen = await readOrderPrintJobs(t.ctx, merchant.merchantId, placed.orderId);
      expect(seen.jobs).toEqual([
        expect.objectContaining({ printer_name: 'Bar', status: 'failed', error: MAYBE_PRINTED }),
      ]);
      // Long after the outbox's whole backoff, with the dispatcher and the outbox running again:
      // nothing more reaches the printer.
      sink.state.hangUpAfterTicket = false;
      clock.advance(30 * 60_000);
      await dispatchAutoPrint(t.ctx);
      await processOutbox(t.ctx);
      await new Promise((r) => setTimeout(r, 200));
      expect(sink.jobs).toHaveLength(1);
      // The merchant looked, and presses Reprint: it prints again, once, marked REPRINT, and the
      // order counts as printed.
      await printOrderTickets(t.ctx, merchant.merchantId, placed.orderId, true);
      await processOutbox(t.ctx);
      const [, again] = await sink.waitForJobs(2);
      expect(again!.transcript).toContain('REPRINT');
      const after = await readOrderPrintJobs(t.ctx, merchant.merchantId, placed.orderId);
      expect(after.jobs.map((j) => [j.copy, j.status])).toEqual([
        [0, 'failed'],
        [1, 'printed'],
      ]);
      expect(await printedFlag(placed.orderId)).toBe(true);
    },
  );

  it('an address the operator no longer allows is never dialled: the job fails at once', async () => {
    sink = await startEscPosSink({}, { host: lan!, ports: PORTS });
    const { job, printer } = await networkStore(sink.port);
    // Saved when the ranges allowed it; the operator has narrowed them since.
    await t.ctx.db
      .update(printers)
      .set({ networkHost: '10.99.0.1' })
      .where(eq(printers.id, printer.id));
    await processOutbox(t.ctx);
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed' });
    expect((await jobRow(job.id)).lastError).toMatch(/outside the networks/);
    expect((await printMessage(job.id)).status).toBe('dead');
  });
});
