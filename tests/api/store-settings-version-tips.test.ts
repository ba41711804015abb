// Issue 28, the Store pane: two staff saving one section — the second is told the settings
// changed (optimistic concurrency with the settingsVersion read with them; concurrency runs on the
// PostgreSQL server with TEST_DATABASE_URL), and the store's own tip presets, which the server
// prices with (spec §4 presets 0/10/15/20 % and Other are the defaults; K9.1–K9.5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { SETTINGS_CHANGED_ELSEWHERE } from '../../src/contract/store-settings.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Tuesday 24 Nov 2026, 12:00 in New York: the demo store is open.
const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];
let demoCookie: string;
let m: Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
const infoUrl = (id: string) => `/api/businessInfos/merchantId/${id}/businessInfo`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
  demoCookie = await signInMerchant(t.app, 'demo', 'Demo1234');
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
});
afterAll(() => t.app.close());

const read = async (id: string, cookie: string) =>
  (await t.app.inject({ url: `${infoUrl(id)}/settings`, headers: { cookie } })).json();
const save = (id: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: infoUrl(id), headers: { cookie }, payload });

describe('two saves from one read (settingsVersion)', () => {
  it('the second save from a stale read answers 409 and changes nothing', async () => {
    const before = await read(m.merchantId, m.cookie);
    const first = await save(m.merchantId, m.cookie, {
      homePageNotice: 'First',
      settingsVersion: before.settingsVersion,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().settingsVersion).toBe(before.settingsVersion + 1);
    const second = await save(m.merchantId, m.cookie, {
      homePageNotice: 'Second',
      settingsVersion: before.settingsVersion,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: SETTINGS_CHANGED_ELSEWHERE,
      issues: [{ path: ['body', 'settingsVersion'], message: SETTINGS_CHANGED_ELSEWHERE }],
    });
    expect((await read(m.merchantId, m.cookie)).homePageNotice).toBe('First');
    // Without a version (the spec's whole-object clients) the save lands as before.
    const plain = await save(m.merchantId, m.cookie, { homePageNotice: 'Third' });
    expect(plain.statusCode).toBe(200);
    // A save that changes nothing keeps the version.
    const same = await save(m.merchantId, m.cookie, { homePageNotice: 'Third' });
    expect(same.json().settingsVersion).toBe(plain.json().settingsVersion);
  });

  it('of saves sent at once from one read, exactly one lands; the others are told', async () => {
    const before = await read(m.merchantId, m.cookie);
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((n) =>
        save(m.merchantId, m.cookie, {
          orderPreparingNotice: `Notice ${n}`,
          settingsVersion: before.settingsVersion,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const after = await read(m.merchantId, m.cookie);
    expect(after.orderPreparingNotice).toBe(winner.orderPreparingNotice);
    expect(after.settingsVersion).toBe(before.settingsVersion + 1);
  });
});

describe('tip presets (issue 28)', () => {
  /** A cart of one plain item with the given tip; answers the server's amounts (or the refusal). */
  async function cartWithTip(tip: unknown, orderMethod = 'pickup') {
    const d = await newDiner(t.app);
    const item = menu.find((i) => i.size.length === 0 && i.options.length === 0 && i.priceCents);
    if (!item) throw new Error('no plain item on the demo menu');
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(item, 2)],
    });
    const first = await d.call('GET', cartPath('demo', 'userId', d.uid));
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      orderMethod,
      paymentMethod: 'cash',
      tip,
      time: { kind: 'asap' },
    });
    return { d, item, first, res, subtotal: item.priceCents * 2 };
  }

  it("a store without its own has the spec's 0/10/15/20 %, 15 % default for delivery", async () => {
    const info = await read(m.merchantId, m.cookie);
    expect(info.tipPresets).toEqual({
      percents: [0, 10, 15, 20],
      defaults: { pickup: 10, delivery: 15, curbside: 10, dinein: 10, roomServiceDelivery: 10 },
    });
  });

  it('refuses presets whose default is not among them, naming the method', async () => {
    const res = await save(m.merchantId, m.cookie, {
      tipPresets: {
        percents: [0, 18],
        defaults: { pickup: 18, delivery: 25, curbside: 18, dinein: 18, roomServiceDelivery: 18 },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({
      path: ['body', 'tipPresets', 'defaults', 'delivery'],
      message: 'The default must be one of the presets',
    });
  });

  it("the server prices the store's presets, refuses others and opens carts at its default", async () => {
    const saved = await save('demo', demoCookie, {
      tipPresets: {
        percents: [0, 18, 22, 25],
        defaults: { pickup: 18, delivery: 22, curbside: 18, dinein: 18, roomServiceDelivery: 18 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pub = await t.app.inject({ url: infoUrl('demo') });
    expect(pub.json().tipPresets.percents).toEqual([0, 18, 22, 25]);

    const ok = await cartWithTip({ kind: 'percent', ratePpm: 220_000 });
    expect(ok.res.status, JSON.stringify(ok.res.body)).toBe(200);
    expect(ok.res.body.amounts.tipsCents).toBe(Math.round(ok.subtotal * 0.22));

    const old = await cartWithTip({ kind: 'percent', ratePpm: 150_000 });
    expect(old.res.status).toBe(400);
    expect(old.res.body.issues[0]).toEqual({
      path: ['body', 'tip', 'ratePpm'],
      message: "Choose one of the store's tips or Other",
    });
    // A new cart opens at the store's default for pickup.
    expect(old.first.body.checkoutInfo.tip).toEqual({ kind: 'percent', ratePpm: 180_000 });

    // A cart saved at 22 % before the merchant drops 22 % prices at the method's new default.
    const dropped = await save('demo', demoCookie, {
      tipPresets: {
        percents: [0, 18, 25],
        defaults: { pickup: 25, delivery: 25, curbside: 18, dinein: 18, roomServiceDelivery: 18 },
      },
    });
    expect(dropped.statusCode).toBe(200);
    const again = await ok.d.call('GET', cartPath('demo', 'userId', ok.d.uid));
    expect(again.body.amounts.tipsCents).toBe(Math.round(ok.subtotal * 0.25));
    // Back to the spec's presets for the other tests of this app.
    await save('demo', demoCookie, {
      tipPresets: {
        percents: [0, 10, 15, 20],
        defaults: { pickup: 10, delivery: 15, curbside: 10, dinein: 10, roomServiceDelivery: 10 },
      },
    });
  });
});
