// The diner's side of the live orders (issue 12): the order-placed page's status and its stream.
// "Received" until the merchant opens the order, "Confirmed" once read, "Ready at 10:25 AM" (the
// merchant's clock) once a ready time is sent, "Ready" at 0 minutes, "Cancelled" once voided; the
// stream sends only changes, carries no contact details, is public by the order's random id like
// the page, and is capped per order.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACED_ORDER_STREAMS_PER_ORDER,
  type PlacedOrderStreamEvent,
} from '../../src/contract/orders.js';
import type { App } from '../../src/server/app.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { openEventStream } from '../support/sse.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const NOW = '2026-05-12T15:00:00Z'; // 10:00 in Chicago (the fixture merchant)
let t: App;
let base: string;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const a = await createMerchant(t.ctx.db, { enableOrderTimeConfirmSms: false });
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
});
afterAll(() => t.app.close());

const streamUrl = (merchantId: string, id: string) =>
  `${base}/api/orderPlaced/merchantId/${merchantId}/order/_id/${id}/stream`;
const openStatus = (id: string, merchantId = m.merchantId) =>
  openEventStream<PlacedOrderStreamEvent>(streamUrl(merchantId, id));

const asMerchant = (method: 'PUT' | 'POST', path: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/api/orders7/merchantId/${m.merchantId}${path}`,
    headers: { cookie: m.cookie },
    payload: payload as Record<string, unknown>,
  });
const setRead = (id: string) => asMerchant('PUT', `/order/_idOrder/${id}`, { hasBeenRead: true });
const setPrinted = (id: string) =>
  asMerchant('PUT', `/order/_idOrder/${id}`, { hasPrintedToKitchen: true });
const sendReady = (id: string, minutes: number) =>
  asMerchant('POST', '/sendOrderTimeSMS', { _id: id, willBeReadyInMinutes: minutes });

const texts = (events: { data: PlacedOrderStreamEvent }[]) => events.map((e) => e.data.live?.text);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /api/orderPlaced/.../order/_id/{id}/stream', () => {
  it('follows the order: Received, Confirmed, Ready at a time, Ready — changes only', async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
    const s = await openStatus(orderId);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [first] = await s.waitFor(1);
    expect(first!.event).toBe('status');
    // Nothing but the state and the status: no name, phone or amounts.
    expect(first!.data).toEqual({
      state: 'placed',
      live: { status: 'received', readyAt: null, text: 'Received' },
    });

    expect((await setRead(orderId)).statusCode).toBe(200);
    await s.waitFor(2);
    // A change the diner does not see (printed to the kitchen) sends nothing.
    expect((await setPrinted(orderId)).statusCode).toBe(200);
    await pause(150);
    expect(texts(s.events)).toEqual(['Received', 'Confirmed']);

    expect((await sendReady(orderId, 25)).statusCode).toBe(200);
    await s.waitFor(3);
    expect(s.events[2]!.data.live).toEqual({
      status: 'ready_at',
      readyAt: '2026-05-12T15:25:00.000Z',
      text: 'Ready at 10:25 AM',
    });
    expect((await sendReady(orderId, 0)).statusCode).toBe(200);
    await s.waitFor(4);
    expect(texts(s.events)).toEqual(['Received', 'Confirmed', 'Ready at 10:25 AM', 'Ready']);
    await s.close();

    // The page's read says the same, and a new stream starts from where the order is now.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/orderPlaced/merchantId/${m.merchantId}/order/_id/${orderId}`,
    });
    expect(page.json().live).toEqual({ status: 'ready', readyAt: null, text: 'Ready' });
    const again = await openStatus(orderId);
    expect(texts(await again.waitFor(1))).toEqual(['Ready']);
    await again.close();
  });

  it('says Cancelled once the merchant voids the card payment', async () => {
    const placed = await placeTestOrder(t.ctx, m.merchantId, undefined, 'card');
    const s = await openStatus(placed.orderId);
    await s.waitFor(1);
    const voided = await t.app.inject({
      method: 'PUT',
      url: `/api/transactions/merchantId/${m.merchantId}/transactionId/${placed.transactionId}/void`,
      headers: { cookie: m.cookie },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await s.waitFor(2);
    expect(s.events[1]!.data).toEqual({
      state: 'voided',
      live: { status: 'cancelled', readyAt: null, text: 'Cancelled' },
    });
    await s.close();
  });

  it("answers 404 for an unknown order or another store's, 400 for a malformed id", async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
    expect((await fetch(streamUrl(m.merchantId, crypto.randomUUID()))).status).toBe(404);
    expect((await fetch(streamUrl(other.merchantId, orderId))).status).toBe(404);
    expect((await fetch(streamUrl('no-such-store', orderId))).status).toBe(404);
    expect((await fetch(streamUrl(m.merchantId, 'not-a-uuid'))).status).toBe(400);
  });

  it(`refuses more than ${PLACED_ORDER_STREAMS_PER_ORDER} open streams per order with 429`, async () => {
    const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
    const streams = [];
    for (let i = 0; i < PLACED_ORDER_STREAMS_PER_ORDER; i++)
      streams.push(await openStatus(orderId));
    expect(streams.map((s) => s.res.status)).toEqual(streams.map(() => 200));
    const extra = await openStatus(orderId);
    expect(extra.res.status).toBe(429);
    await extra.close();
    // Another order is not held back by this one's streams.
    const { orderId: next } = await placeTestOrder(t.ctx, m.merchantId);
    const elsewhere = await openStatus(next);
    expect(elsewhere.res.status).toBe(200);
    await elsewhere.close();
    for (const s of streams) await s.close();
    await pause(100);
    const after = await openStatus(orderId);
    expect(after.res.status).toBe(200);
    await after.close();
  });
});
