// The store pane's settings (issue 12; spec §2 Store, §5 merchant-side rules, §7 PUT businessInfo):
// the merchant's own read, the save section by section or as the whole object read back, the
// domain's rules with the spec's messages, all or nothing, read-only fields, providers with an
// adapter only, the change at once on the public read, an audit entry per save, and the password
// changed only through its own form. Checklist: C7.3, E3.2, S2.104–S2.106, V5.72–V5.74, C7.6.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantBusinessInfo } from '../../src/contract/store-settings.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { App } from '../../src/server/app.js';
import { merchantAudit } from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMerchant(t.ctx.db, { phone: '3125550100' });
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
});
afterAll(() => t.app.close());

const infoUrl = (who: { merchantId: string }) =>
  `/api/businessInfos/merchantId/${who.merchantId}/businessInfo`;
const readSettings = (who: SignedIn, cookie = who.cookie) =>
  t.app.inject({ method: 'GET', url: `${infoUrl(who)}/settings`, headers: { cookie } });
const save = (who: SignedIn, payload: Record<string, unknown>, cookie = who.cookie) =>
  t.app.inject({ method: 'PUT', url: infoUrl(who), headers: { cookie }, payload });
const publicInfo = async (who: { merchantId: string }) =>
  (await t.app.inject({ method: 'GET', url: infoUrl(who) })).json();
const settingsAudit = (who: { id: string }) =>
  t.ctx.db
    .select()
    .from(merchantAudit)
    .where(and(eq(merchantAudit.merchantId, who.id), eq(merchantAudit.action, 'settings')));

describe('GET .../businessInfo/settings', () => {
  it("gives the merchant its whole settings, never a password, and nobody else's", async () => {
    const res = await readSettings(m);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<MerchantBusinessInfo>();
    expect(body).toMatchObject({ merchantId: m.merchantId, phone: '3125550100' });
    // Every gateway with an adapter; Converge only when switched on (CONVERGE_EXPERIMENTAL).
    expect(body.paymentProviders).toEqual([
      'sandbox',
      'cardPointe',
      'tsys',
      'authorizeNet',
      'tsys2',
    ]);
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['email', 'emailReceivingNotification', 'dineinTables']),
    );
    expect(res.body).not.toMatch(/password/i);
    expect((await t.app.inject({ method: 'GET', url: `${infoUrl(m)}/settings` })).statusCode).toBe(
      401,
    );
    expect((await readSettings(m, other.cookie)).statusCode).toBe(403);
    // The public read stays public and has none of the private fields.
    const pub = await publicInfo(m);
    expect(pub).not.toHaveProperty('email');
    expect(pub).not.toHaveProperty('emailReceivingNotification');
    expect(JSON.stringify(pub)).not.toMatch(/password/i);
  });
});

describe('PUT .../businessInfo', () => {
  it('saves one section, shows it on the public read at once, and records the change', async () => {
    const hours = { monday: [{ open: 600, close: 1320 }], tuesday: [] };
    const before = await publicInfo(m);
    const res = await save(m, { businessHour: hours, taxRate: '0.08875' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ businessHour: hours, taxRate: 0.08875 });
    expect(await publicInfo(m)).toMatchObject({ businessHour: hours, taxRate: 0.08875 });
    const [entry] = await settingsAudit(m);
    expect(entry).toMatchObject({ action: 'settings' });
    expect(entry!.sessionRef).toMatch(/^[0-9a-f]{16}$/);
    expect(entry!.detail).toEqual({
      changed: {
        businessHour: { before: before.businessHour, after: hours },
        taxRate: { before: before.taxRate, after: 0.08875 },
      },
    });
    // The same save again changes nothing and records nothing.
    expect((await save(m, { businessHour: hours, taxRate: 0.08875 })).statusCode).toBe(200);
    expect(await settingsAudit(m)).toHaveLength(1);
  });

  it("refuses the tax rate outside 0..1, empty or not a number, with the spec's text", async () => {
    for (const taxRate of [7, 1.5, -0.1, '', 'abc', null]) {
      const res = await save(m, { taxRate });
      expect(res.statusCode, String(taxRate)).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.TAX_RATE,
        issues: [{ path: ['body', 'taxRate'] }],
      });
    }
    expect((await save(m, { taxRate: 1 })).statusCode).toBe(200);
    expect((await save(m, { taxRate: '0' })).statusCode).toBe(200);
  });

  it('changes nothing when any part of a save fails', async () => {
    const was = (await readSettings(m)).json<MerchantBusinessInfo>();
    const res = await save(m, {
      homePageNotice: 'Closed on Sunday',
      businessHour: {
        friday: [
          { open: 600, close: 900 },
          { open: 800, close: 1000 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['body', 'businessHour', 'friday']);
    expect((await readSettings(m)).json()).toEqual(was);
    // A refusal found inside the transaction (a read-only field) rolls back what came before it.
    const ro = await save(m, { homePageNotice: 'Closed on Sunday', name: 'Another name' });
    expect(ro.statusCode).toBe(400);
    expect(ro.json()).toMatchObject({ message: 'The store name is read-only' });
    expect((await readSettings(m)).json()).toEqual(was);
  });

  it('takes back the whole object it gave, with the read-only fields unchanged', async () => {
    const whole = (await readSettings(m)).json<MerchantBusinessInfo>();
    const res = await save(m, { ...whole, dineinNotice: 'Scan the code on your table' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...whole,
      dineinNotice: 'Scan the code on your table',
      settingsVersion: whole.settingsVersion + 1,
    });
    for (const [field, value] of [
      ['merchantId', 'someone-else'],
      ['webSite', 'https://example.org'],
      ['address', { ...whole.address, street: '1 Other St' }],
    ] as const) {
      const refused = await save(m, { ...whole, settingsVersion: undefined, [field]: value });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().issues).toEqual([
        { path: ['body', field], message: expect.stringMatching(/read-only$/) },
      ]);
    }
  });

  it('saves notices, notifications, promotions, methods, tables, display and info collection', async () => {
    const res = await save(m, {
      phone: '(312) 555-0199',
      email: 'owner@example.com',
      homePageNotice: 'Welcome!\nNew menu today',
      emailReceivingNotification: ['kitchen@example.com', 'owner@example.com'],
      enableOrderTimeConfirmSms: true,
      enableOrderPromotion: true,
      orderPromotions: [{ amount: '30', freeItemNames: 'Egg Roll; Soda,' }],
      delivery: true,
      curbside: true,
      deliveryFees: [{ deliveryRangeInMile: 3, deliveryFeeCents: 299 }],
      minOrderForDeliveryCents: 1500,
      deliveryAvailableTime: { open: 660, close: 1260 },
      dineinTables: ['#T1', 'Patio 2'],
      showSecondLanguage: true,
      customerInfoCollect: {
        enabled: true,
        noticeMsg: 'Join our list',
        recevingEmail: ['list@example.com'],
        subject: 'New diner',
      },
      timeZone: 'america/chicago',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      phone: '3125550199',
      email: 'owner@example.com',
      emailReceivingNotification: ['kitchen@example.com', 'owner@example.com'],
      enableOrderTimeConfirmSms: true,
      orderPromotions: [{ amountCents: 3000, freeItemNames: ['Egg Roll', 'Soda'] }],
      delivery: true,
      curbside: true,
      minOrderForDeliveryCents: 1500,
      dineinTables: ['Patio 2', 'T1'],
      showSecondLanguage: true,
      timeZone: 'America/Chicago',
    });
    expect(res.json().homePageNotice).not.toContain('\n');
    // Tables are replaced as a set (the kept one stays, the dropped one goes), in natural order.
    const again = await save(m, { dineinTables: ['T10', 'Patio 2', 'T3'] });
    expect(again.json().dineinTables).toEqual(['Patio 2', 'T3', 'T10']);
    // All of it read back and sent again is taken as it is, and changes nothing.
    const audited = (await settingsAudit(m)).length;
    const whole = (await readSettings(m)).json<MerchantBusinessInfo>();
    const same = await save(m, whole);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(whole);
    expect(await settingsAudit(m)).toHaveLength(audited);
  });

  it('refuses what the rules forbid, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', MESSAGES.CUSTOMER_INFO_EMAIL],
      [{ phone: '555-01' }, 'phone', MESSAGES.CUSTOMER_INFO_PHONE],
      [{ dineinTables: ['T1', 't1'] }, 'dineinTables', 'Each table needs its own name'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone'],
      [
        { ecomm_provider: 'elavon' },
        'ecomm_provider',
        'This payment provider is not available yet',
      ],
      [
        { supportCreditcardPayment: false, supportCashPayment: false },
        'supportCashPayment',
        'At least one payment method must be accepted',
      ],
      [
        { orderPromotions: [{ amount: 'ten', freeItemNames: 'Soda' }] },
        'orderPromotions',
        MESSAGES.INVALID,
      ],
      [
        { password: 'NewPassw0rd' },
        'password',
        'The password is changed in its own form, with the current password',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(m, body);
      expect(res.statusCode, field).toBe(400);
      const issues = res.json().issues as { path: string[]; message: string }[];
      expect(issues[0]!.path.slice(0, 2), field).toEqual(['body', field]);
      expect(issues[0]!.message, field).toBe(message);
    }
  });

  it('refuses a stranger (401) and another merchant (403) before reading the body', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: infoUrl(m), payload: { taxRate: 0.05 } }))
        .statusCode,
    ).toBe(401);
    expect((await save(m, { taxRate: 0.05 }, other.cookie)).statusCode).toBe(403);
    expect((await readSettings(m)).json().taxRate).not.toBe(0.05);
  });

  it('applies two saves of different sections at once, losing neither', async () => {
    const [a, b] = await Promise.all([
      save(m, { orderPreparingNotice: 'Thanks — cooking now' }),
      save(m, { showSpicyItemNote: false }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await readSettings(m)).json()).toMatchObject({
      orderPreparingNotice: 'Thanks — cooking now',
      showSpicyItemNote: false,
    });
  });
});

describe('POST /api/merchantUsers/merchantId/{merchantId}/password', () => {
  const change = (who: SignedIn, payload: Record<string, unknown>, cookie = who.cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/merchantUsers/merchantId/${who.merchantId}/password`,
      headers: { cookie },
      payload,
    });

  it('needs the current password and a password that follows the rule', async () => {
    const wrong = await change(other, { currentPassword: 'nope', newPassword: 'Better1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toEqual(['body', 'currentPassword']);
    const weak = await change(other, { currentPassword: other.password, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MESSAGES.PASSWORD_RULE);
    expect(
      (await change(other, { currentPassword: other.password, newPassword: 'B' })).statusCode,
    ).toBe(400);
    expect(
      (
        await change(
          m,
          { currentPassword: other.password, newPassword: 'Better1234' },
          other.cookie,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('changes it, signs out every other session and keeps this one signed in', async () => {
    const second = await signInMerchant(t.app, other.merchantId, other.password);
    const res = await change(other, {
      currentPassword: other.password,
      newPassword: 'Better1234!',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = String(res.headers['set-cookie']).split(';')[0]!;
    expect((await readSettings(other, fresh)).statusCode).toBe(200);
    expect((await readSettings(other, other.cookie)).statusCode).toBe(401);
    expect((await readSettings(other, second)).statusCode).toBe(401);
    await expect(signInMerchant(t.app, other.merchantId, other.password)).rejects.toThrow();
    expect(await signInMerchant(t.app, other.merchantId, 'Better1234!')).toMatch(/=/);
    const audit = await t.ctx.db
      .select()
      .from(merchantAudit)
      .where(
        and(eq(merchantAudit.merchantId, other.id), eq(merchantAudit.action, 'password_change')),
      );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/Better1234|Passw0rd/);
  });

  it('is not offered in a URL: GET .../password_checking/{password} is not served', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businessInfos/merchantId/${m.merchantId}/password_checking/Passw0rdTest`,
      headers: { cookie: m.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
