// After card orders that go every way (approved, declined, address failure, timeout then
// reconciled, voided, tip-adjusted, refused for missing or bad fields), neither the card number
// nor the CVV is anywhere in the database or in the logs (docs/design/security.md; E3.46, E3.58).
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapters } from '../../src/server/adapters/payments/index.js';
import { type App, buildApp } from '../../src/server/app.js';
import { loggerOptions } from '../../src/server/lib/logger.js';
import {
  type CardFieldsInput,
  placeOrderWithPayment,
} from '../../src/server/modules/payments/payments.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { orderDraft } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { manualClock, testConfig } from '../support/test-app.js';
import { testDatabase } from '../support/test-db.js';

// A real-looking American Express test number and a four-digit CVV.
const PAN = '371449635398431';
const CVV = '8264';
const clock = manualClock('2026-05-12T15:00:00Z');
const logLines: string[] = [];
let t: App;

beforeAll(async () => {
  const config = testConfig();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await buildApp({
    config,
    database: await testDatabase(),
    logger: pino(loggerOptions('trace'), sink),
    clock,
    adapters: { payments: createPaymentAdapters(config, { sandbox: { timeoutMs: 20 } }) },
    serveWeb: false,
  });
});
afterAll(() => t.app.close());

const draft = () =>
  orderDraft({ subtotalCents: 1500, taxCents: 105, tipsCents: 200, itemName: 'Waffles' });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** How often the PAN occurs in a text, and how often the CVV stands as a token of its own. */
function occurrences(text: string) {
  const cleaned = text.replace(UUID, ' ').replace(/\\\\x[0-9a-f]+/gi, ' ');
  const digits = cleaned.replace(/[\s-]/g, '');
  return {
    pan: digits.split(PAN).length - 1,
    panInText: cleaned.split(PAN).length - 1,
    cvv: cleaned.split(/[^0-9A-Za-z]+/).filter((token) => token === CVV).length,
  };
}

async function dumpDatabase(): Promise<string> {
  const { rows: tables } = await t.ctx.database.query(
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const parts: string[] = [];
  for (const { table_schema, table_name } of tables) {
    const { rows } = await t.ctx.database.query(
      `select row_to_json(t)::text as j from "${String(table_schema)}"."${String(table_name)}" t`,
    );
    for (const r of rows) parts.push(String(r.j));
  }
  return parts.join('\n');
}

describe('card data at rest and in logs (E3.46, E3.58)', () => {
  it('the database dump and the logs contain neither the card number nor the CVV', async () => {
    const before = occurrences(await dumpDatabase());
    expect(before.panInText).toBe(0);

    const m = await createMerchant(t.ctx.db, { allowAmericanExpressCard: true });
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    const card = (extra: CardFieldsInput = {}): CardFieldsInput => ({
      number: PAN,
      expiry: '1230',
      cvv: CVV,
      billingStreet: '1 Main St',
      billingZip: '60601',
      name: 'Ada Diner',
      ...extra,
    });
    const send = (c: CardFieldsInput) =>
      placeOrderWithPayment(t.ctx, {
        merchantId: m.merchantId,
        anonUserId: 'anon-pan',
        idempotencyKey: randomUUID(),
        order: draft(),
        payment: { method: 'creditcard', card: c },
      });

    const placed = await send(card());
    expect(placed.state).toBe('placed');
    const errors = await Promise.all([
      send(card({ billingZip: '99999' })).catch((e: unknown) => e),
      send(card({ expiry: '' })).catch((e: unknown) => e),
      send(card({ number: `${PAN.slice(0, -1)}2` })).catch((e: unknown) => e),
    ]);
    for (const e of errors) expect(JSON.stringify(e) + String(e)).not.toContain(CVV);
    expect(String(errors[2])).not.toContain(PAN.slice(0, -1));
    // A timeout that the reconciler resolves later.
    const waiting = await send(card({ number: '4999006200620062', cvv: CVV }));
    expect(waiting.state).toBe('awaiting_payment');
    clock.advance(5 * 60_000);
    await runPaymentJobs(t.ctx);

    const base = `/api/transactions/merchantId/${m.merchantId}`;
    const got = await t.app.inject({
      method: 'GET',
      url: `${base}/orderId/${placed.orderId}`,
      headers: { cookie },
    });
    expect(got.body).not.toContain(PAN);
    expect(got.body).not.toContain(CVV);
    const tip = await t.app.inject({
      method: 'PUT',
      url: `${base}/transactionId/${placed.transactionId}`,
      headers: { cookie },
      payload: { adjustedTips: '3' },
    });
    expect(tip.statusCode).toBe(200);
    const voided = await t.app.inject({
      method: 'PUT',
      url: `${base}/transactionId/${placed.transactionId}/void`,
      headers: { cookie },
    });
    expect(voided.statusCode).toBe(200);

    const after = occurrences(await dumpDatabase());
    expect(after.panInText).toBe(0);
    expect(after.pan).toBe(0);
    expect(after.cvv).toBe(before.cvv);
    // What is kept: last four, brand, expiry.
    expect(await dumpDatabase()).toContain('"card_last4":"8431"');

    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('payment outcome unknown');
    const inLogs = occurrences(logs);
    expect(inLogs.panInText).toBe(0);
    expect(inLogs.pan).toBe(0);
    expect(inLogs.cvv).toBe(0);
  });
});
