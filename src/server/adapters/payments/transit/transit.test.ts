// The TransIT adapter (tsys, tsys2) against the local fake of docs/protocols/transit.md
// (tests/fakes/transit.ts documents the fake's trigger data and codes).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_TRANSIT,
  FAKE_TRANSIT_AVS_N_ZIP,
  FAKE_TRANSIT_CVV,
  type FakeTransit,
  startTransitFake,
} from '../../../../../tests/fakes/transit.js';
import type { Db } from '../../../db/client.js';
import {
  type CardInput,
  GatewayDeclined,
  type GatewayEnv,
  GatewayError,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentGateway,
  type PaymentResult,
} from '../types.js';
import {
  TRANSIT_TRANSACTION_ADJUSTMENT,
  TransitNotSupported,
  type TransitGatewayOptions,
  createTransitGateway,
} from './gateway.js';

let fake: FakeTransit;
let tsys: PaymentGateway;
let tsys2: PaymentGateway;
beforeAll(async () => {
  fake = await startTransitFake();
  tsys = gateway('tsys');
  tsys2 = gateway('tsys2');
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const CREDS = {
  deviceId: FAKE_TRANSIT.deviceId,
  transactionKey: FAKE_TRANSIT.transactionKey,
  environment: 'stage',
};
const envWith = (credentials: Record<string, string> | null = CREDS): GatewayEnv => ({
  merchantId: 'merchant-1',
  credentials,
  db: undefined as unknown as Db,
  now: new Date(),
});
const env = envWith();

const gateway = (provider: 'tsys' | 'tsys2', over: Partial<TransitGatewayOptions> = {}) =>
  createTransitGateway({ provider, baseUrl: fake.baseUrl, timeoutMs: 2000, ...over });

const card = (over: Partial<CardInput> = {}): CardInput => ({
  number: '4012000098765439',
  expiry: '1229',
  cvv: '123',
  billingStreet: '1 Main St',
  billingZip: '85284',
  name: 'Ana Diner',
  ...over,
});
const charge = (amountCents: number, over: Partial<CardInput> = {}, tipCents = 0) => ({
  orderRef: randomUUID(),
  amountCents,
  tipCents,
  card: card(over),
});

const lastCall = () => fake.calls.at(-1)!;
const txOf = (r: PaymentResult) => fake.transactions.get(r.retref)!;

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(Error);
    return err as Error;
  }
  throw new Error('expected the call to fail');
}
async function declined(p: Promise<unknown>): Promise<GatewayDeclined> {
  const err = await failure(p);
  expect(err).toBeInstanceOf(GatewayDeclined);
  return err as GatewayDeclined;
}

describe('tsys: Auth, then Capture with the tip, Void, Return', () => {
  it('authorises with Auth: minor-unit amount, MMYY expiry, orderRef, credentials, CNP descriptors', async () => {
    const req = charge(1234);
    const r = await tsys.authorize(env, req);
    const call = lastCall();
    expect(call.op).toBe('Auth');
    expect(call.contentType).toBe('application/json');
    expect(call.fields).toEqual({
      deviceID: FAKE_TRANSIT.deviceId,
      transactionKey: FAKE_TRANSIT.transactionKey,
      cardDataSource: 'INTERNET',
      transactionAmount: '1234',
      cardNumber: '4012000098765439',
      expirationDate: '1229',
      cvv2: '123',
      cardHolderName: 'Ana Diner',
      addressLine1: '1 Main St',
      zip: '85284',
      orderNumber: req.orderRef,
      externalReferenceID: req.orderRef,
      cardPresentDetail: 'CARD_NOT_PRESENT',
      cardholderPresentDetail: 'CARDHOLDER_NOT_PRESENT_ELECTRONIC_COMMERCE',
      cardDataInputMode:
        'ELECTRONIC_COMMERCE_NO_SECURITY_CHANNEL_ENCRYPTED_SET_WITHOUT_CARDHOLDER_CERTIFICATE',
      cardholderAuthenticationMethod: 'NOT_AUTHENTICATED',
      terminalCapability: 'KEYED_ENTRY_ONLY',
      terminalOperatingEnvironment: 'OFF_MERCHANT_PREMISES_UNATTENDED',
    });
    expect(r).toMatchObject({
      approved: true,
      amountCents: 1234,
      tipCents: 0,
      cardNumber: '************5439',
      cardLast4: '5439',
      cardExpiry: '1229',
      cardType: 'VISA',
      avsResult: 'Y',
      cvvResult: 'M',
      responseCode: 'A0000',
      message: 'Success',
    });
    expect(r.retref).toMatch(/^\d+$/);
    expect(r.authCode).not.toBe('');
    expect(txOf(r)).toMatchObject({ type: 'Auth', status: 'APPROVED', captured: false });
    expect(tsys.capabilities).toEqual({
      flow: 'auth_capture',
      void: true,
      tipAdjust: 'none',
      refund: true,
      recovery: 'flag',
    });
    expect(tsys.inquireByOrder).toBeUndefined();
  });

  it('captures with Capture {transactionID, transactionAmount, tip}: the amount includes the tip [S-TS5]', async () => {
    const auth = await tsys.authorize(env, charge(2000));
    const r = await tsys.capture(env, { retref: auth.retref, amountCents: 2300, tipCents: 300 });
    expect(lastCall()).toMatchObject({ op: 'Capture' });
    expect(lastCall().fields).toEqual({
      deviceID: FAKE_TRANSIT.deviceId,
      transactionKey: FAKE_TRANSIT.transactionKey,
      transactionID: auth.retref,
      transactionAmount: '2300',
      tip: '300',
    });
    expect(r).toMatchObject({ amountCents: 2300, tipCents: 300, retref: auth.retref });
    expect(txOf(auth)).toMatchObject({ captured: true, transactionAmount: 2000, tip: 300 });
  });

  it('voids an authorisation with Void {transactionID}', async () => {
    const auth = await tsys.authorize(env, charge(1500));
    const r = await tsys.void(env, { retref: auth.retref, orderRef: 'x' });
    expect(lastCall()).toMatchObject({ op: 'Void', fields: { transactionID: auth.retref } });
    expect(r).toMatchObject({ approved: true, amountCents: 1500, responseCode: 'A0000' });
    expect(txOf(auth).status).toBe('VOID');
  });

  it('refunds with Return: A0000 once settled, A0014 (a void) before', async () => {
    const a = await tsys.authorize(env, charge(1800));
    await tsys.capture(env, { retref: a.retref, amountCents: 1800, tipCents: 0 });
    const early = await tsys.refund(env, { retref: a.retref, amountCents: 1800 });
    expect(lastCall()).toMatchObject({
      op: 'Return',
      fields: { transactionID: a.retref, transactionAmount: '1800' },
    });
    expect(early).toMatchObject({ responseCode: 'A0014', amountCents: 1800 });
    expect(txOf(a).status).toBe('VOID');

    const b = await tsys.authorize(env, charge(2600));
    await tsys.capture(env, { retref: b.retref, amountCents: 2600, tipCents: 0 });
    fake.settle();
    const partial = await tsys.refund(env, { retref: b.retref, amountCents: 600 });
    expect(partial).toMatchObject({ responseCode: 'A0000', amountCents: 600 });
    expect(txOf(b)).toMatchObject({ status: 'APPROVED', returned: 600 });
  });

  it('has no tip adjustment: throws and sends nothing', async () => {
    const before = fake.calls.length;
    const err = await failure(tsys.tipAdjust(env, { retref: '1', tipCents: 1, amountCents: 2 }));
    expect(err).toBeInstanceOf(TransitNotSupported);
    expect(fake.calls.length).toBe(before);
  });

  it('any A-code is an approval for tsys (A3200)', async () => {
    const r = await tsys.authorize(env, charge(1000, { number: '4000000000003200' }));
    expect(r.responseCode).toBe('A3200');
    expect(txOf(r).status).toBe('APPROVED');
  });

  it('standard verification refuses AVS N or CVV N only', async () => {
    const avsN = await tsys.authorize(env, charge(1000, { billingZip: FAKE_TRANSIT_AVS_N_ZIP }));
    expect(avsN.avsResult).toBe('N');
    expect(tsys.acceptsVerification(avsN)).toEqual({ ok: false, reason: 'avs' });
    const cvvN = await tsys.authorize(env, charge(1000, { cvv: FAKE_TRANSIT_CVV.N }));
    expect(cvvN.cvvResult).toBe('N');
    expect(tsys.acceptsVerification(cvvN)).toEqual({ ok: false, reason: 'cvv' });
    const noZip = await tsys.authorize(env, charge(1000, { billingZip: '' }));
    expect(noZip.avsResult).toBe('0');
    expect(tsys.acceptsVerification(noZip)).toEqual({ ok: true });
  });
});

describe('tsys2: Sale approved only with A0000, strict verification, TipAdjustment', () => {
  it('sells with Sale and answers the approval', async () => {
    const r = await tsys2.sale(env, charge(4321));
    expect(lastCall().op).toBe('Sale');
    expect(lastCall().fields).toMatchObject({
      transactionAmount: '4321',
      cardDataSource: 'INTERNET',
    });
    expect(r).toMatchObject({ responseCode: 'A0000', amountCents: 4321, avsResult: 'Y' });
    expect(txOf(r)).toMatchObject({ type: 'Sale', captured: true, status: 'APPROVED' });
    expect(tsys2.capabilities).toEqual({
      flow: 'sale',
      void: true,
      tipAdjust: 'adjust',
      refund: true,
      recovery: 'flag',
    });
    expect(tsys2.inquireByOrder).toBeUndefined();
  });

  it('another A-code is not an approval: declined, and the sale is voided', async () => {
    const before = fake.calls.length;
    const err = await declined(tsys2.sale(env, charge(1000, { number: '4000000000003200' })));
    expect(err).toMatchObject({ responseCode: 'A3200', reason: 'declined' });
    const [sale, voided] = fake.calls.slice(before);
    expect(sale!.op).toBe('Sale');
    expect(voided!.op).toBe('Void');
    expect(fake.transactions.get(String(voided!.fields.transactionID))!.status).toBe('VOID');
  });

  it('a partial approval (A0002) is declined and voided', async () => {
    const err = await declined(tsys2.sale(env, charge(1000, { number: '4000000000000010' })));
    expect(err.responseCode).toBe('A0002');
    expect(lastCall().op).toBe('Void');
  });

  it('a refused approval whose void fails is an unknown outcome (the order is flagged)', async () => {
    fake.misbehaveNext('http500', { after: 1 }); // the Void answers 500
    const err = await failure(tsys2.sale(env, charge(1000, { number: '4000000000003200' })));
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
  });

  it('strict verification: AVS must be Y and CVV M or P', async () => {
    const ok = await tsys2.sale(env, charge(1000));
    expect(tsys2.acceptsVerification(ok)).toEqual({ ok: true });
    const p = await tsys2.sale(env, charge(1000, { cvv: FAKE_TRANSIT_CVV.P }));
    expect(p.cvvResult).toBe('P');
    expect(tsys2.acceptsVerification(p)).toEqual({ ok: true });
    const avsN = await tsys2.sale(env, charge(1000, { billingZip: FAKE_TRANSIT_AVS_N_ZIP }));
    expect(tsys2.acceptsVerification(avsN)).toEqual({ ok: false, reason: 'avs' });
    const cvvN = await tsys2.sale(env, charge(1000, { cvv: FAKE_TRANSIT_CVV.N }));
    expect(tsys2.acceptsVerification(cvvN)).toEqual({ ok: false, reason: 'cvv' });
    // Not checked counts as not Y / not M-or-P for tsys2, unlike tsys.
    const noZip = await tsys2.sale(env, charge(1000, { billingZip: '' }));
    expect(tsys2.acceptsVerification(noZip)).toEqual({ ok: false, reason: 'avs' });
    expect(tsys2.acceptsVerification({ ...ok, cvvResult: null })).toEqual({
      ok: false,
      reason: 'cvv',
    });
  });

  it('a tip at placement rides in `tip`, inside transactionAmount (the GP SDK’s reading, issue 30)', async () => {
    const r = await tsys2.sale(env, charge(2500, {}, 500));
    expect(lastCall().fields).toMatchObject({ transactionAmount: '2500', tip: '500' });
    expect(r).toMatchObject({ amountCents: 2500, tipCents: 500 });
  });

  it('against a gateway that adds the tip on top, the wrong total is voided, not kept', async () => {
    const adding = await startTransitFake({ tipModel: 'added' });
    try {
      const gw = createTransitGateway({
        provider: 'tsys2',
        baseUrl: adding.baseUrl,
        timeoutMs: 5000,
      });
      const err = await declined(gw.sale(env, charge(2500, {}, 500)));
      expect(err.reason).toBe('declined');
      expect(adding.calls.at(-1)!.op).toBe('Void');
      const [sale] = [...adding.transactions.values()].filter((t) => t.type === 'Sale');
      expect(sale!.status).toBe('VOID');
    } finally {
      await adding.close();
    }
  });

  it("tipModel 'added' against a gateway that includes the tip: the wrong total is voided, not kept", async () => {
    const added = gateway('tsys2', { tipModel: 'added' });
    const err = await declined(added.sale(env, charge(2500, {}, 500)));
    expect(err.reason).toBe('declined');
    expect(lastCall().op).toBe('Void');
  });

  it('a zero-amount card check answered A0002 is not an approval for tsys2 (C7.78, M8.51)', async () => {
    const err = await declined(tsys2.authorize(env, charge(0, { number: '4000000000000010' })));
    expect(err.reason).toBe('declined');
    expect(err.responseCode).toBe('A0002');
    expect(lastCall().op).toBe('Void');
  });

  it('adjusts the tip with TipAdjustment {transactionID, tip} and answers the new total', async () => {
    const sale = await tsys2.sale(env, charge(2000));
    const r = await tsys2.tipAdjust(env, { retref: sale.retref, tipCents: 400, amountCents: 2400 });
    expect(lastCall()).toMatchObject({ op: 'TipAdjustment' });
    expect(lastCall().fields).toEqual({
      deviceID: FAKE_TRANSIT.deviceId,
      transactionKey: FAKE_TRANSIT.transactionKey,
      transactionID: sale.retref,
      tip: '400',
    });
    expect(r).toMatchObject({ amountCents: 2400, tipCents: 400, retref: sale.retref });
    expect(txOf(sale).tip).toBe(400);
    const again = await tsys2.tipAdjust(env, {
      retref: sale.retref,
      tipCents: 100,
      amountCents: 2100,
    });
    expect(again).toMatchObject({ amountCents: 2100, tipCents: 100 });
  });

  it('a Return on an unsettled sale answers A0014 (voided) and counts as a refund', async () => {
    const sale = await tsys2.sale(env, charge(3100));
    const r = await tsys2.refund(env, { retref: sale.retref, amountCents: 3100 });
    expect(r).toMatchObject({
      approved: true,
      responseCode: 'A0014',
      message: 'Return requested, Void successful',
      amountCents: 3100,
    });
    expect(txOf(sale).status).toBe('VOID');
  });

  it('voids a sale', async () => {
    const sale = await tsys2.sale(env, charge(900));
    await tsys2.void(env, { retref: sale.retref, orderRef: 'x' });
    expect(txOf(sale).status).toBe('VOID');
  });

  it('has nothing to capture: throws and sends nothing', async () => {
    const before = fake.calls.length;
    const err = await failure(tsys2.capture(env, { retref: '1', amountCents: 1, tipCents: 0 }));
    expect(err).toBeInstanceOf(TransitNotSupported);
    expect(fake.calls.length).toBe(before);
  });
});

describe('TransIT failures', () => {
  it('declines with a reason: declined, insufficient funds, invalid element, not allowed, not found', async () => {
    const plain = await declined(tsys2.sale(env, charge(1000, { number: '4000000000000002' })));
    expect(plain).toMatchObject({ reason: 'declined', responseCode: 'D2005' });
    expect(plain.message).toBe('Do Not Honor');
    const nsf = await declined(tsys2.sale(env, charge(1000, { number: '4000000000009995' })));
    expect(nsf).toMatchObject({ reason: 'insufficient_funds', responseCode: 'D2051' });
    const badCvv = await declined(tsys2.sale(env, charge(1000, { cvv: '12' })));
    expect(badCvv.reason).toBe('invalid');
    expect(badCvv.message).toBe('The value of element cvv2 is not valid.');
    const sale = await tsys2.sale(env, charge(1000));
    fake.settle();
    const tooMuch = await declined(tsys2.refund(env, { retref: sale.retref, amountCents: 1001 }));
    expect(tooMuch.reason).toBe('not_allowed');
    const missing = await declined(tsys2.void(env, { retref: '999', orderRef: 'x' }));
    expect(missing.reason).toBe('invalid');
  });

  it('refused credentials are "unavailable", and no credential reaches the message', async () => {
    const key = 'WRONG0KEY0000000000000000000000X';
    const err = await failure(tsys2.sale(envWith({ ...CREDS, transactionKey: key }), charge(1000)));
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect(err.message).toBe('TransIT credentials were refused');
    const badDevice = await failure(
      tsys.authorize(envWith({ ...CREDS, deviceId: '12345' }), charge(1000)),
    );
    expect(badDevice.message).toBe('TransIT credentials were refused');
  });

  it('missing or malformed credentials: unavailable before anything is sent', async () => {
    const before = fake.calls.length;
    const none = await failure(tsys2.sale(envWith(null), charge(1000)));
    expect(none).toBeInstanceOf(GatewayUnavailable);
    expect(none.message).toBe('TransIT credentials are not set');
    const bad = await failure(tsys2.sale(envWith({ deviceId: 'abc' }), charge(1000)));
    expect(bad).toBeInstanceOf(GatewayUnavailable);
    expect(fake.calls.length).toBe(before);
  });

  it('HTTP 500 on a money-moving call is an unknown outcome', async () => {
    fake.misbehaveNext('http500');
    const err = await failure(tsys2.sale(env, charge(1000)));
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
    fake.misbehaveNext('http500', { processed: false });
    expect(await failure(tsys.void(env, { retref: '1', orderRef: 'x' }))).toBeInstanceOf(
      GatewayUnknownOutcome,
    );
  });

  it('a time-out is an unknown outcome', async () => {
    fake.misbehaveNext('hang', { ms: 1500 });
    const quick = gateway('tsys2', { timeoutMs: 300 });
    const err = await failure(quick.sale(env, charge(1000)));
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
  });

  it('a cut-off or unreadable answer is an unknown outcome', async () => {
    fake.misbehaveNext('truncated');
    expect(await failure(tsys2.sale(env, charge(1000)))).toBeInstanceOf(GatewayUnknownOutcome);
    fake.misbehaveNext('garbage');
    expect(await failure(tsys.authorize(env, charge(1000)))).toBeInstanceOf(GatewayUnknownOutcome);
  });

  it('a closed port or a 4xx is "unavailable" (nothing was processed)', async () => {
    const gone = await startTransitFake();
    const { baseUrl } = gone;
    await gone.close();
    const err = await failure(gateway('tsys2', { baseUrl }).sale(env, charge(1000)));
    expect(err).toBeInstanceOf(GatewayUnavailable);
    const wrongPath = gateway('tsys2', { baseUrl: `${fake.baseUrl}/elsewhere` });
    expect(await failure(wrongPath.sale(env, charge(1000)))).toBeInstanceOf(GatewayUnavailable);
  });

  it('keeps the gateway duplicate check; skipDuplicateCheck sends "Y"', async () => {
    const req = charge(1111);
    await tsys2.sale(env, req);
    expect(lastCall().fields.skipDuplicateCheck).toBeUndefined();
    // F9910: an earlier copy went through (issue 30): money may be held, never a plain decline.
    const dup = await failure(tsys2.sale(env, req));
    expect(dup).toBeInstanceOf(GatewayUnknownOutcome);
    expect(dup.message).toBe('TransIT refused a duplicate of this charge');
    const skipping = gateway('tsys2', { skipDuplicateCheck: true });
    await skipping.sale(env, req);
    expect(lastCall().fields.skipDuplicateCheck).toBe('Y');
  });

  it('errors never carry the card number, CVV or transaction key', async () => {
    const errs = await Promise.all([
      failure(tsys2.sale(env, charge(1000, { number: '4000000000000002' }))),
      failure(tsys2.sale(env, charge(1000, { cvv: '12' }))),
      failure(tsys2.sale(envWith({ ...CREDS, transactionKey: 'NOPE1234' }), charge(1000))),
    ]);
    for (const e of errs) {
      expect(e).toBeInstanceOf(GatewayError);
      expect(e.message).not.toContain('4000000000000002');
      expect(e.message).not.toContain('NOPE1234');
      expect(e.message).not.toContain(FAKE_TRANSIT.transactionKey);
    }
  });
});

describe('wire formats', () => {
  it('sends amounts as minor-unit strings; the fake refuses a decimal point', async () => {
    await tsys2.sale(env, charge(1, {}, 0));
    expect(lastCall().fields.transactionAmount).toBe('1');
    await tsys2.sale(env, charge(100_000));
    expect(lastCall().fields.transactionAmount).toBe('100000');
    const res = await fetch(`${fake.baseUrl}/servlets/TransNox_API_Server`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Sale: {
          deviceID: FAKE_TRANSIT.deviceId,
          transactionKey: FAKE_TRANSIT.transactionKey,
          cardDataSource: 'INTERNET',
          transactionAmount: '12.34',
          cardNumber: '4012000098765439',
          expirationDate: '1229',
        },
      }),
    });
    expect(res.headers.get('content-type')).toBe('application/json;charset=ISO-8859-1');
    expect(await res.json()).toMatchObject({
      SaleResponse: {
        status: 'FAIL',
        responseMessage: 'The value of element transactionAmount is not valid.',
      },
    });
  });

  it("sends expiry as MMYY by default; YYMM (the spec's browser field) only as a setting", async () => {
    await tsys.authorize(env, charge(1000, { expiry: '1229' }));
    expect(lastCall().fields.expirationDate).toBe('1229');
    const yymm = gateway('tsys', { expiryFormat: 'YYMM' });
    // 12/29 as YYMM is "2912": the fake reads month 29 and refuses it.
    const err = await declined(yymm.authorize(env, charge(1000, { expiry: '1229' })));
    expect(lastCall().fields.expirationDate).toBe('2912');
    expect(err.reason).toBe('invalid');
    await gateway('tsys', { expiryFormat: 'MMYYYY' }).authorize(env, charge(1000));
    expect(lastCall().fields.expirationDate).toBe('122029');
  });

  it('reads an ISO-8859-1 answer holding non-ASCII bytes (the fake echoes the name in Latin-1)', async () => {
    const r = await tsys2.sale(env, charge(1000, { name: 'Zoë Müller' }));
    expect(r).toMatchObject({ approved: true, responseCode: 'A0000' });
  });

  it('terminal descriptors are settings: replaced or dropped per client', async () => {
    const custom = gateway('tsys2', {
      terminal: { terminalCapability: null, terminalOperatingEnvironment: 'NO_TERMINAL' },
    });
    await custom.sale(env, charge(1000));
    expect(lastCall().fields.terminalCapability).toBeUndefined();
    expect(lastCall().fields.terminalOperatingEnvironment).toBe('NO_TERMINAL');
    expect(lastCall().fields.cardDataSource).toBe('INTERNET');
  });

  it('transactionAdjustment is not built', () => {
    expect(TRANSIT_TRANSACTION_ADJUSTMENT.supported).toBe(false);
  });
});
