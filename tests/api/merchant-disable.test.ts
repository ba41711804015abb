// A merchant the platform disabled (issue 31, `npm run merchant -- disable`): its store shows as
// closed and refuses new orders with a clear message; its dashboard refuses sign-in with a clear
// message and its open sessions end; what it already holds keeps going — a stranded card order is
// still settled by the reconciler and the diner's order page still answers. Enabling undoes it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { orders } from '../../src/server/db/schema/index.js';
import {
  MERCHANT_DISABLED,
  STORE_UNAVAILABLE,
  listMerchants,
  setMerchantDisabled,
} from '../../src/server/modules/merchants/merchant-care.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { cartPath, newDiner } from '../support/diner.js';
import { placeTestOrder, strandedCardOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const signIn = (merchantId: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/merchantUsers/merchantLogin',
    payload: { merchantUserName: merchantId, merchantPassword: password },
  });

describe('a disabled merchant', () => {
  it('takes no orders and no sign-ins, ends its sessions, and still settles what it holds', async () => {
    const m = await createMerchant(t.ctx.db);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    const ordersUrl = `/api/orders7/merchantId/${m.merchantId}/orders`;
    expect((await t.app.inject({ url: ordersUrl, headers: { cookie } })).statusCode).toBe(200);
    const earlier = await placeTestOrder(t.ctx, m.merchantId);
    const stranded = await strandedCardOrder(t.ctx, m.id);

    // The store page's business info, read (and cached) before: afterwards it says unavailable.
    const infoUrl = `/api/businessInfos/merchantId/${m.merchantId}/businessInfo`;
    expect((await t.app.inject(infoUrl)).json().unavailable).toBe(false);

    const done = await setMerchantDisabled(t.ctx.db, m.merchantId, true, new Date());
    expect(done).toEqual({ merchantId: m.merchantId, changed: true });
    expect((await setMerchantDisabled(t.ctx.db, m.merchantId, true, new Date())).changed).toBe(
      false,
    );
    expect(
      (await listMerchants(t.ctx.db)).find((r) => r.merchantId === m.merchantId)?.disabledAt,
    ).toBeInstanceOf(Date);

    // The dashboard: the open session is over; the right password is told why, a wrong one not.
    expect((await t.app.inject({ url: ordersUrl, headers: { cookie } })).statusCode).toBe(401);
    const refused = await signIn(m.merchantId, m.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MERCHANT_DISABLED);
    expect((await signIn(m.merchantId, 'Wrong-passw0rd')).statusCode).toBe(401);

    // The store: its page is told the store is unavailable (the cached info was dropped), the
    // cart is closed, and a send order is refused with the store's message.
    await expect.poll(async () => (await t.app.inject(infoUrl)).json().unavailable).toBe(true);
    expect(STORE_UNAVAILABLE).toBe('This store is unavailable and is not taking orders.');
    const d = await newDiner(t.app);
    const cart = await d.call('GET', cartPath(m.merchantId, 'userId', d.uid));
    expect(cart.status).toBe(200);
    expect(cart.body.storeOpen).toBe(false);
    const sent = await d.call('POST', cartPath(m.merchantId, 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('disabled-'),
      checkout: {
        orderMethod: 'pickup',
        paymentMethod: 'cash',
        tip: { kind: 'percent', ratePpm: 0 },
        time: { kind: 'asap' },
        customerName: 'Ada Lovelace',
        phone: '2125550101',
      },
    });
    expect(sent.status).toBe(422);
    expect(sent.body.message).toBe(STORE_UNAVAILABLE);

    // What it holds: the diner's order page answers, the stranded card order is settled.
    const page = await t.app.inject(
      `/api/orderPlaced/merchantId/${m.merchantId}/order/_id/${earlier.orderId}`,
    );
    expect(page.statusCode).toBe(200);
    await runPaymentJobs(t.ctx);
    const [settled] = await t.ctx.db.select().from(orders).where(eq(orders.id, stranded.id));
    expect(settled).toMatchObject({ state: 'placed', paid: true });

    // Enabled again: sign-in and orders work.
    expect((await setMerchantDisabled(t.ctx.db, m.merchantId, false, new Date())).changed).toBe(
      true,
    );
    expect((await signIn(m.merchantId, m.password)).statusCode).toBe(200);
    await expect.poll(async () => (await t.app.inject(infoUrl)).json().unavailable).toBe(false);
  });

  it('is named by an id that follows the domain rule and exists', async () => {
    await expect(
      setMerchantDisabled(t.ctx.db, 'Not An Id', true, new Date()),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ path: ['merchantId'], message: expect.stringMatching(/lower-case letters/) }],
    });
    await expect(
      setMerchantDisabled(t.ctx.db, 'no-such-merchant-here', true, new Date()),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
