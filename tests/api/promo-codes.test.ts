// Issue 28, the Store pane's promo codes (ours; the spec only looks a code up, C7 promoCode):
// create, edit, deactivate, delete, percent off, start and end dates, times used (placed orders),
// a clear 409 for a duplicate code, the merchant named in the path only; and the store's code
// check uses them at once; each change is audited. Runs on PGlite and, with TEST_DATABASE_URL, the PostgreSQL server.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemView } from '../../src/contract/menu.js';
import { PROMO_CODE_MESSAGES, type PromoCodeView } from '../../src/contract/promo-codes.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { App } from '../../src/server/app.js';
import { merchantAudit, merchants, phoneVerifications } from '../../src/server/db/schema/index.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Tuesday 24 Nov 2026, 12:00 in New York: the demo store is open.
const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let cookie: string;
let menu: ItemView[];
let other: { merchantId: string; cookie: string };
const base = (id = 'demo') => `/api/promoCodes/merchantId/${id}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cookie = await signInMerchant(t.app, 'demo', 'Demo1234');
  menu = await menuOf(t.app, 'demo');
  const b = await createMerchant(t.ctx.db);
  other = {
    merchantId: b.merchantId,
    cookie: await signInMerchant(t.app, b.merchantId, b.password),
  };
});
afterAll(() => t.app.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  c = cookie,
) => t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
const lookUp = (code: string) =>
  t.app.inject({ url: `/api/businessInfos/merchantId/demo/promoCode/${code}` });

describe('promo codes of the Store pane', () => {
  it('creates a code the store accepts at once, upper-cased, with its percent off', async () => {
    const res = await call('POST', base(), { code: ' fall25 ', percentageOff: 0.25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'FALL25',
      percentageOff: 0.25,
      validFrom: null,
      validUntil: null,
      active: true,
      timesUsed: 0,
    });
    const found = await lookUp('fall25');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ code: 'FALL25', percentageOff: 0.25 });
    const list = (await call('GET', base())).json<PromoCodeView[]>();
    expect(list.map((p) => p.code)).toContain('FALL25');
  });

  it('answers a duplicate code with 409 naming the code, whatever its case', async () => {
    await call('POST', base(), { code: 'DUPE10', percentageOff: 0.1 });
    const again = await call('POST', base(), { code: 'dupe10', percentageOff: 0.2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: PROMO_CODE_MESSAGES.duplicate,
      issues: [{ path: ['body', 'code'], message: PROMO_CODE_MESSAGES.duplicate }],
    });
    // Renaming another code to it is refused the same way.
    const x = (await call('POST', base(), { code: 'OTHER5', percentageOff: 0.05 })).json();
    const renamed = await call('PUT', `${base()}/_id/${x._id}`, { code: 'Dupe10' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(PROMO_CODE_MESSAGES.duplicate);
  });

  it('refuses bad fields with 400 naming the field and the rule', async () => {
    for (const [body, path, message] of [
      [{ code: 'A B', percentageOff: 0.1 }, 'code', PROMO_CODE_MESSAGES.code],
      [{ code: 'OK1', percentageOff: 0 }, 'percentageOff', PROMO_CODE_MESSAGES.percentage],
      [{ code: 'OK1', percentageOff: 0.125 }, 'percentageOff', PROMO_CODE_MESSAGES.percentage],
      [{ code: 'OK1', percentageOff: 1.5 }, 'percentageOff', PROMO_CODE_MESSAGES.percentage],
      [
        { code: 'OK1', percentageOff: 0.1, validFrom: '2026-13-45' },
        'validFrom',
        PROMO_CODE_MESSAGES.date,
      ],
      [
        { code: 'OK1', percentageOff: 0.1, validFrom: '2026-12-02', validUntil: '2026-12-01' },
        'validUntil',
        PROMO_CODE_MESSAGES.dates,
      ],
      [{ code: 'OK1', percentageOff: 0.1, extra: 1 }, '', 'Unrecognized key: "extra"'],
    ] as const) {
      const res = await call('POST', base(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const issue = res.json().issues[0];
      if (path) expect(issue).toEqual({ path: ['body', path], message });
      else expect(issue.message).toContain('extra');
    }
  });

  it('keeps a code to its dates and its switch; edit, deactivate and delete', async () => {
    const made = (
      await call('POST', base(), {
        code: 'LATER',
        percentageOff: 0.15,
        validFrom: '2026-11-25',
        validUntil: '2026-11-30',
      })
    ).json<PromoCodeView>();
    expect((await lookUp('LATER')).json().message).toBe(MESSAGES.INVALID_PROMO_CODE);
    const now = await call('PUT', `${base()}/_id/${made._id}`, { validFrom: '2026-11-24' });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ validFrom: '2026-11-24', validUntil: '2026-11-30' });
    expect((await lookUp('later')).statusCode).toBe(200);
    // An edit is checked against the stored dates too.
    const backwards = await call('PUT', `${base()}/_id/${made._id}`, { validUntil: '2026-11-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues[0].path).toEqual(['body', 'validUntil']);

    const off = await call('PUT', `${base()}/_id/${made._id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, percentageOff: 0.15, code: 'LATER' });
    expect((await lookUp('LATER')).statusCode).toBe(400);

    expect((await call('DELETE', `${base()}/_id/${made._id}`)).json()).toEqual({ success: true });
    expect((await call('DELETE', `${base()}/_id/${made._id}`)).statusCode).toBe(404);
    const list = (await call('GET', base())).json<PromoCodeView[]>();
    expect(list.find((p) => p.code === 'LATER')).toBeUndefined();
  });

  it("counts placed orders as times used; another merchant neither sees nor edits the store's codes", async () => {
    const made = (await call('POST', base(), { code: 'USED20', percentageOff: 0.2 })).json();
    const d = await newDiner(t.app);
    const phone = '3125550777';
    await t.ctx.db.insert(phoneVerifications).values({
      anonUserId: d.uid,
      phone,
      codeHash: 'x'.repeat(64),
      expiresAt: clock.now(),
      lastSentAt: clock.now(),
      verifiedAt: clock.now(),
    });
    const item = menu.find((i) => i.name === 'Kung Pao Chicken')!;
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(item)],
    });
    const info = {
      orderMethod: 'pickup',
      paymentMethod: 'cash',
      tip: { kind: 'percent', ratePpm: 100_000 },
      time: { kind: 'asap' },
      customerName: 'Ada Lovelace',
      phone,
      customerEmail: 'ada@example.com',
      promoCode: 'used20',
    };
    const saved = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), info);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.amounts.discountCents).toBe(Math.round(item.priceCents * 0.2));
    const sent = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: info,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const list = (await call('GET', base())).json<PromoCodeView[]>();
    expect(list.find((p) => p._id === made._id)?.timesUsed).toBe(1);

    expect((await call('GET', base(), undefined, other.cookie)).statusCode).toBe(403);
    const edit = await call('PUT', `${base()}/_id/${made._id}`, { active: false }, other.cookie);
    expect(edit.statusCode).toBe(403);
    // Its own path does not reach the demo store's code either.
    const cross = await call(
      'PUT',
      `${base(other.merchantId)}/_id/${made._id}`,
      { active: false },
      other.cookie,
    );
    expect(cross.statusCode).toBe(404);
  });
});

describe('promo-code changes are audited like the other settings (issue 28)', () => {
  it('writes promoCode.create / .update / .delete with the session and the fields before and after; a refused change writes none', async () => {
    const [row] = await t.ctx.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.merchantId, other.merchantId));
    const entries = async () =>
      (
        await t.ctx.db
          .select()
          .from(merchantAudit)
          .where(
            and(eq(merchantAudit.merchantId, row!.id), like(merchantAudit.action, 'promoCode.%')),
          )
      ).sort((a, b) => a.at.getTime() - b.at.getTime() || a.action.localeCompare(b.action));
    const mine = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
      call(method, url, body, other.cookie);

    const created = await mine('POST', base(other.merchantId), {
      code: 'audit1',
      percentageOff: 0.15,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<PromoCodeView>()._id;
    // Refused changes leave no entry: a duplicate, a bad field.
    expect(
      (await mine('POST', base(other.merchantId), { code: 'AUDIT1', percentageOff: 0.1 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await mine('PUT', `${base(other.merchantId)}/_id/${id}`, { percentageOff: 2 })).statusCode,
    ).toBe(400);
    clock.advance(1_000);
    const edited = await mine('PUT', `${base(other.merchantId)}/_id/${id}`, {
      percentageOff: 0.2,
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    clock.advance(1_000);
    expect((await mine('DELETE', `${base(other.merchantId)}/_id/${id}`)).statusCode).toBe(200);

    const log = await entries();
    expect(log.map((e) => e.action)).toEqual([
      'promoCode.create',
      'promoCode.update',
      'promoCode.delete',
    ]);
    const fields = (percentageOff: string, active: boolean) => ({
      code: 'AUDIT1',
      percentageOff,
      validFrom: null,
      validUntil: null,
      active,
    });
    expect(log[0]!.detail).toEqual({ after: fields('0.150000', true) });
    expect(log[1]!.detail).toEqual({
      before: fields('0.150000', true),
      after: fields('0.200000', false),
    });
    expect(log[2]!.detail).toEqual({ before: fields('0.200000', false) });
    // One sign-in did all three; its reference, never the token.
    expect(new Set(log.map((e) => e.sessionRef)).size).toBe(1);
    expect(log[0]!.sessionRef).toMatch(/^[0-9a-f]{16}$/);
    expect(other.cookie).not.toContain(log[0]!.sessionRef);
  });
});
