// The fixed gratuity as a Store-pane setting (issue 32, checklist K9.8; spec §3 fixedTipRate,
// §9 "A fixed gratuity rate is charged automatically when set"): the save keeps it (it used to be
// dropped while answering 200), the storefront's info shows it, and the server prices it on every
// cart — on the subtotal before any discount, whatever the method, with no action by the diner
// (docs/decisions/domain-rules.md "Fixed gratuity").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { GRATUITY_RATE_MESSAGE } from '../../src/domain/merchant-rules/store.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Tuesday 24 Nov 2026, 12:00 in New York: the demo store is open and lunch is served.
const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];
let cookie: string;
const infoUrl = '/api/businessInfos/merchantId/demo/businessInfo';
const save = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: infoUrl, headers: { cookie }, payload });

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
  cookie = await signInMerchant(t.app, 'demo', 'Demo1234');
});
afterAll(() => t.app.close());

/** A diner's cart of one plain item, with the given checkout choices; answers its amounts. */
async function pricedCart(checkout: Record<string, unknown>) {
  const d = await newDiner(t.app);
  const item = menu.find((i) => i.size.length === 0 && i.options.length === 0 && i.priceCents > 0);
  if (!item) throw new Error('no plain item on the demo menu');
  await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
    orderItems: [simpleChoice(item, 2)],
  });
  const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
    orderMethod: 'pickup',
    paymentMethod: 'cash',
    tip: { kind: 'percent', ratePpm: 0 },
    time: { kind: 'asap' },
    ...checkout,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { subtotal: item.priceCents * 2, amounts: res.body.amounts };
}

describe('fixed gratuity (K9.8)', () => {
  it('a save of {"fixedTipRate": 0.18} persists, shows on both reads and is priced', async () => {
    const res = await save({ fixedTipRate: 0.18 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fixedTipRate).toBe(0.18);
    const pub = await t.app.inject({ method: 'GET', url: infoUrl });
    expect(pub.json().fixedTipRate).toBe(0.18);
    const settings = await t.app.inject({ url: `${infoUrl}/settings`, headers: { cookie } });
    expect(settings.json().fixedTipRate).toBe(0.18);

    const { subtotal, amounts } = await pricedCart({});
    expect(amounts.fixedTipsCents).toBe(Math.round(subtotal * 0.18));
    expect(amounts.tipsCents).toBe(0);
    expect(amounts.totalCents).toBe(
      amounts.subtotalCents +
        amounts.taxCents +
        amounts.fixedTipsCents +
        amounts.feesShownCents -
        amounts.discountCents,
    );
  });

  it('is charged on dine-in too, beside a tip the diner chose', async () => {
    expect((await save({ fixedTipRate: '0.18' })).statusCode).toBe(200);
    const { subtotal, amounts } = await pricedCart({
      orderMethod: 'dinein',
      dineinTableName: 'T5',
      tip: { kind: 'percent', ratePpm: 100_000 },
    });
    expect(amounts.fixedTipsCents).toBe(Math.round(subtotal * 0.18));
    expect(amounts.tipsCents).toBe(Math.round(subtotal * 0.1));
  });

  it('refuses a rate outside 0..1 naming the field; empty means no gratuity', async () => {
    for (const fixedTipRate of [1.5, -0.1, 'abc', 18]) {
      const res = await save({ fixedTipRate });
      expect(res.statusCode, String(fixedTipRate)).toBe(400);
      expect(res.json()).toMatchObject({
        message: GRATUITY_RATE_MESSAGE,
        issues: [{ path: ['body', 'fixedTipRate'] }],
      });
    }
    const off = await save({ fixedTipRate: '' });
    expect(off.statusCode).toBe(200);
    expect(off.json().fixedTipRate).toBe(0);
    expect((await pricedCart({})).amounts.fixedTipsCents).toBe(0);
  });
});
