// Star CloudPRNT against a client that behaves like a Star printer (tests/fakes/cloudprnt-printer.ts):
// poll, fetch, confirm; the ticket counts as printed on the confirmation only (issue 29).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketFor, type TicketOrderInput } from '../../src/domain/printing/ticket.js';
import type { App } from '../../src/server/app.js';
import { printJobs, printers } from '../../src/server/db/schema/index.js';
import { hashPrinterToken } from '../../src/server/modules/printers/cloudprnt.service.js';
import { insertPrintJobs } from '../../src/server/modules/printers/print-jobs.repository.js';
import { cloudPrntPrinter } from '../fakes/cloudprnt-printer.js';
import { createMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let base = '';
let merchantUuid = '';
const TOKEN = 'kitchen-token-0123456789abcdef';

const order: TicketOrderInput = {
  orderId: 1001,
  dailyOrderId: 1,
  orderMethod: 'pickup',
  dineinTableName: '',
  carMakeModel: '',
  carColor: '',
  roomServiceRoom: '',
  scheduleDate: '',
  scheduleTimeStr: '',
  customerName: 'Ada',
  deliveryNote: '',
  unpaid: false,
  lines: [
    {
      qty: 1,
      name: 'Kung Pao Chicken',
      name_2nd: '宫保鸡丁',
      size: '',
      orderItemOptions: [],
      note: '',
      lineTotalCents: 1299,
    },
  ],
  amounts: [],
};

async function cloudPrinter(paperWidth: '58mm' | '80mm' = '58mm') {
  const [row] = await t.ctx.db
    .insert(printers)
    .values({
      merchantId: merchantUuid,
      name: `Kitchen ${Math.random()}`,
      connection: 'cloud',
      cloudTokenHash: hashPrinterToken(TOKEN),
      paperWidth,
    })
    .returning();
  return row!;
}

async function queue(printerId: string, key: string) {
  const ticket = ticketFor('kitchen', 'Sunrise', order, order.lines, {
    placedAt: 'Nov 27, 6:03 PM',
    reprint: false,
  });
  await insertPrintJobs(t.ctx.db, [
    {
      merchantId: merchantUuid,
      printerId,
      orderId: null,
      kind: 'kitchen',
      jobKey: key,
      copy: 0,
      ticket,
    },
  ]);
}

const jobsOf = (printerId: string) =>
  t.ctx.db.select().from(printJobs).where(eq(printJobs.printerId, printerId));

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  merchantUuid = (await createMerchant(t.ctx.db)).id;
});
afterAll(() => t.app.close());

describe('CloudPRNT', () => {
  it('refuses a poll without the printer token, with a wrong one, and for another printer', async () => {
    const p = await cloudPrinter();
    const url = `${base}/api/cloudprnt/${p.id}`;
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ statusCode: '200 OK' }),
      });
    expect((await post({})).status).toBe(401);
    const wrong = `Basic ${Buffer.from('printer:nope').toString('base64')}`;
    expect((await post({ authorization: wrong })).status).toBe(401);
    const other = await cloudPrinter();
    await t.ctx.db
      .update(printers)
      .set({ cloudTokenHash: hashPrinterToken('other') })
      .where(eq(printers.id, other.id));
    const right = `Basic ${Buffer.from(`printer:${TOKEN}`).toString('base64')}`;
    const res = await fetch(`${base}/api/cloudprnt/${other.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: right },
      body: JSON.stringify({ statusCode: '200 OK' }),
    });
    expect(res.status).toBe(401);
  });

  it('poll, fetch (twice), confirm: printed once, a PNG the roll wide', async () => {
    const p = await cloudPrinter('58mm');
    const printer = cloudPrntPrinter(`${base}/api/cloudprnt/${p.id}`, TOKEN);
    expect(await printer.poll()).toEqual({ jobReady: false });
    await queue(p.id, `t:${p.id}:1`);
    expect(await printer.poll()).toEqual({ jobReady: true, mediaTypes: ['image/png'] });
    expect(await printer.cycle({ fetchTwice: true })).toBe(true);
    expect(printer.printed).toHaveLength(1);
    const meta = await sharp(printer.printed[0]!.body).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(384);
    expect(printer.printed[0]!.cut).toBe('partial; feed=true');
    const [job] = await jobsOf(p.id);
    expect(job!.status).toBe('printed');
    expect(job!.printedAt).not.toBeNull();
    expect(await printer.cycle()).toBe(false);
    expect(printer.printed).toHaveLength(1);
    const [seen] = await t.ctx.db.select().from(printers).where(eq(printers.id, p.id));
    expect(seen!.lastStatus).toBe('online');
    expect(seen!.lastSeenAt).not.toBeNull();
  });

  it('prints the jobs in the order they were queued, and an 80 mm roll gets 576 dots', async () => {
    const p = await cloudPrinter('80mm');
    const printer = cloudPrntPrinter(`${base}/api/cloudprnt/${p.id}`, TOKEN);
    await queue(p.id, `t:${p.id}:a`);
    await queue(p.id, `t:${p.id}:b`);
    await queue(p.id, `t:${p.id}:a`); // the same key again: still one job
    while (await printer.cycle()) {
      // print until the queue is empty
    }
    expect(printer.printed).toHaveLength(2);
    expect((await sharp(printer.printed[0]!.body).metadata()).width).toBe(576);
    const jobs = await jobsOf(p.id);
    expect(jobs.map((j) => j.status)).toEqual(['printed', 'printed']);
  });

  it('paper out: the job waits and prints once the paper is back', async () => {
    const p = await cloudPrinter();
    const printer = cloudPrntPrinter(`${base}/api/cloudprnt/${p.id}`, TOKEN);
    await queue(p.id, `t:${p.id}:paper`);
    printer.status = '410 Out of paper';
    expect(await printer.cycle()).toBe(true);
    expect(printer.printed).toHaveLength(0);
    let [job] = await jobsOf(p.id);
    expect(job!.status).toBe('queued');
    expect(job!.attempts).toBe(1);
    const [seen] = await t.ctx.db.select().from(printers).where(eq(printers.id, p.id));
    expect(seen!.lastStatus).toBe('paper_out');
    printer.status = '200 OK';
    expect(await printer.cycle()).toBe(true);
    expect(printer.printed).toHaveLength(1);
    [job] = await jobsOf(p.id);
    expect(job!.status).toBe('printed');
  });

  it('a job the printer cannot print (5xx) fails at once and the queue moves on', async () => {
    const p = await cloudPrinter();
    const printer = cloudPrntPrinter(`${base}/api/cloudprnt/${p.id}`, TOKEN);
    await queue(p.id, `t:${p.id}:bad`);
    printer.status = '511 Decode error';
    await printer.cycle();
    const [job] = await jobsOf(p.id);
    expect(job!.status).toBe('failed');
    expect(job!.lastError).toContain('511');
    expect(await printer.poll()).toEqual({ jobReady: false });
  });

  it('a printer that printed but never confirmed gets the job again: CloudPRNT cannot tell', async () => {
    const p = await cloudPrinter();
    const printer = cloudPrntPrinter(`${base}/api/cloudprnt/${p.id}`, TOKEN);
    await queue(p.id, `t:${p.id}:lost`);
    await printer.cycle({ skipConfirm: true });
    const [job] = await jobsOf(p.id);
    expect(job!.status).toBe('sent');
    expect(await printer.cycle()).toBe(true);
    expect(printer.printed).toHaveLength(2);
  });

  it('answers 415 for a media type it does not offer, and 404 with no job', async () => {
    const p = await cloudPrinter();
    const auth = { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` };
    const url = `${base}/api/cloudprnt/${p.id}`;
    expect((await fetch(`${url}?type=image/png`, { headers: auth })).status).toBe(404);
    await queue(p.id, `t:${p.id}:media`);
    const res = await fetch(`${url}?type=${encodeURIComponent('application/vnd.star.line')}`, {
      headers: auth,
    });
    expect(res.status).toBe(415);
  });
});
