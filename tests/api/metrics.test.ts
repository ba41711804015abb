// The Prometheus endpoint (issue 31): only with METRICS_TOKEN set, only for that token; requests
// timed by route pattern (never the URL with a diner's id in it); orders counted by method and
// outcome; gateway calls by provider and outcome; the live streams; the outbox backlog. And the
// request id follows the work: the gateway call's log line and the outbox worker's delivery of a
// message the request queued both name it.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { loggerOptions } from '../../src/server/lib/logger.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import { uniqueId } from '../support/fixtures.js';
import { cartPath, markPhoneVerified, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';
import { onPostgresServer } from '../support/test-db.js';

const TOKEN = 'm'.repeat(40);
// A Tuesday noon in New York: the demo store is open.
const clock = manualClock('2026-11-24T17:00:00Z');
const lines: Record<string, unknown>[] = [];
let t: App;
let menu: ItemView[];

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_MULTIPLIER: '1000' },
    logger: pino(
      { ...loggerOptions('info') },
      { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
    ),
  });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

const scrape = async () => {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one series (labels in the order prom-client writes them), or 0 when absent. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

async function sendCardOrder(orderMethod: 'pickup' | 'delivery', fill = true) {
  const d = await newDiner(t.app);
  if (fill) {
    const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: ['Kung Pao Chicken', 'Mapo Tofu'].map((n) =>
        simpleChoice(menu.find((i) => i.name === n)!),
      ),
    });
    expect(added.status).toBe(200);
  }
  const phone = `21255${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  await markPhoneVerified(t.ctx.db, d.uid, phone, clock.now());
  return t.app.inject({
    method: 'POST',
    url: cartPath('demo', 'sendOrder', d.uid),
    remoteAddress: d.ip,
    headers: { cookie: d.cookie },
    payload: {
      idempotencyKey: uniqueId('metrics-'),
      checkout: {
        orderMethod,
        paymentMethod: 'creditcard',
        tip: { kind: 'percent', ratePpm: 150_000 },
        time: { kind: 'asap' },
        customerName: 'Ada Lovelace',
        phone,
        card: {
          cardNumber: '4111111111111111',
          cvv: '123',
          expiry: '12/30',
          billingStreet: '1 Main St',
          billingZip: '10013',
        },
      },
    },
  });
}

describe('GET /metrics', () => {
  it('answers only the operator token: no session, no other token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('forkful_');
    const text = await scrape();
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('forkful_live_stream_clients{kind="merchant"} 0');
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });

  it('counts orders by method and outcome and gateway calls by provider, timed by route pattern', async () => {
    const before = await scrape();
    const placed = await sendCardOrder('pickup');
    expect(placed.statusCode, placed.body).toBe(200);
    const failed = await sendCardOrder('pickup', false); // an empty cart
    expect(failed.statusCode).toBe(400);
    const after = await scrape();

    const orders = (outcome: string) =>
      `forkful_orders_total{method="pickup",outcome="${outcome}"}`;
    expect(value(after, orders('placed')) - value(before, orders('placed'))).toBe(1);
    expect(value(after, orders('failed')) - value(before, orders('failed'))).toBe(1);
    const approved =
      'forkful_payment_gateway_calls_total{provider="sandbox",operation="authorize",outcome="approved"}';
    const sale =
      'forkful_payment_gateway_calls_total{provider="sandbox",operation="sale",outcome="approved"}';
    expect(
      value(after, approved) + value(after, sale) - value(before, approved) - value(before, sale),
    ).toBe(1);
    // The pattern, never the URL: no diner id or merchant slug becomes a label.
    const pattern = '/api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid';
    expect(after).toContain(
      `forkful_http_request_duration_seconds_count{method="POST",route="${pattern}",status="200"}`,
    );
    expect(after).not.toMatch(/route="[^"]*\/demo\//);
    expect(after).toMatch(/forkful_outbox_messages\{kind="email",status="pending"\} [1-9]/);
    if (onPostgresServer()) expect(after).toMatch(/forkful_db_pool_connections\{state="max"\} \d+/);

    // The request id follows the gateway call and the outbox worker's delivery.
    const reqId = String(placed.headers['x-request-id']);
    expect(lines.some((l) => l.msg === 'gateway call' && l.reqId === reqId)).toBe(true);
    // The messages are due by the database's clock (their next attempt defaults to its now).
    clock.set(new Date(Date.now() + 60_000));
    await processOutbox(t.ctx);
    expect(
      lines.some((l) => typeof l.outboxId === 'number' && l.reqId === reqId),
      'an outbox worker line naming the request',
    ).toBe(true);
  });
});
