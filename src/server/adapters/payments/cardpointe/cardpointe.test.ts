// The CardPointe adapter against the local fake of the gateway (tests/fakes/cardpointe.ts,
// docs/protocols/cardpointe.md) and against the vendor's own examples
// (tests/fixtures/gateways/cardpointe).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CardPointeFake,
  FAKE_CP_MERCHID,
  FAKE_CP_PASSWORD,
  FAKE_CP_SITE,
  FAKE_CP_USERNAME,
  startCardPointeFake,
} from '../../../../../tests/fakes/cardpointe.js';
import { type FakeServer, startFakeServer } from '../../../../../tests/fakes/http.js';
import { passesLuhn } from '../../../../domain/validation/fields.js';
import type { Db } from '../../../db/client.js';
import {
  type CardInput,
  GatewayDeclined,
  type GatewayEnv,
  GatewayError,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentResult,
} from '../types.js';
import { type CardPointeOptions, createCardPointeGateway } from './cardpointe.js';
import { defaultBaseUrl, inquiryOf, parseWireAmount, toWireAmount, wireOrderId } from './wire.js';

const CREDS = {
  site: FAKE_CP_SITE,
  merchid: FAKE_CP_MERCHID,
  username: FAKE_CP_USERNAME,
  password: FAKE_CP_PASSWORD,
  environment: 'uat',
};

const envOf = (credentials: Record<string, string> | null = CREDS): GatewayEnv => ({
  merchantId: 'merchant-1',
  credentials,
  db: undefined as unknown as Db,
  now: new Date('2024-05-01T12:00:00Z'),
});

const card = (number = '4111111111111111', over: Partial<CardInput> = {}): CardInput => ({
  number,
  expiry: '1230',
  cvv: '123',
  billingStreet: '1 Main St',
  billingZip: '55555',
  name: 'Pat Diner',
  ...over,
});

async function failure(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    return err as GatewayError;
  }
  throw new Error('expected the gateway call to fail');
}

let fake: CardPointeFake;
beforeAll(async () => {
  fake = await startCardPointeFake();
});
afterAll(() => fake.close());

const gateway = (over: CardPointeOptions = {}) =>
  createCardPointeGateway({ baseUrl: fake.baseUrl, timeoutMs: 5000, ...over });

const requestsTo = (server: FakeServer, op: string) =>
  server.requests.filter((r) => r.url.pathname === `/cardconnect/rest/${op}`);
const lastBody = (server: FakeServer, op: string) =>
  JSON.parse(requestsTo(server, op).at(-1)!.body) as Record<string, string>;

async function authorize(number = '4111111111111111', amountCents = 2000, over = {}) {
  const orderRef = randomUUID();
  const result = await gateway().authorize(envOf(), {
    orderRef,
    amountCents,
    tipCents: 0,
    card: card(number, over),
  });
  return { orderRef, result };
}

describe('issue 30: CardPointe field limits and "Txn Settled"', () => {
  it.each([
    ['12345-6789', '123456789'],
    ['12345 6789', '123456789'],
    ['123456789', '123456789'],
    [' 10001 ', '10001'],
  ])('sends the ZIP %s as postal %s (5 or 9 digits [S-CP1])', async (zip, postal) => {
    await authorize('4111111111111111', 2000, { billingZip: zip });
    expect(lastBody(fake, 'auth').postal).toBe(postal);
  });

  it.each(['1234', '12345-678', 'K1A 0B1'])(
    'refuses the ZIP %s before the call with a clear text',
    async (zip) => {
      const before = requestsTo(fake, 'auth').length;
      const err = await failure(authorize('4111111111111111', 2000, { billingZip: zip }));
      expect(err).toMatchObject({ kind: 'declined', reason: 'invalid' });
      expect(err.message).toBe('The billing ZIP code must be 5 digits or ZIP+4 (9 digits)');
      expect(requestsTo(fake, 'auth').length).toBe(before);
    },
  );

  it('clips name and address to 30 characters', async () => {
    await authorize('4111111111111111', 2000, {
      name: 'Maximiliana Bartholomew-Fitzgerald Jones',
      billingStreet: '12345 North Very Long Boulevard Apartment 1200',
    });
    const body = lastBody(fake, 'auth');
    expect(body.name).toBe('Maximiliana Bartholomew-Fitzge');
    expect(body.address).toBe('12345 North Very Long Boulevar');
    expect(body.name!.length).toBeLessThanOrEqual(30);
  });

  it('never records a void answered PPS 26 "Txn Settled" (respstat A [S-CP5]) as voided', async () => {
    const settled = (await authorize()).result;
    await gateway().capture(envOf(), { retref: settled.retref, amountCents: 2000, tipCents: 0 });
    fake.settle(settled.retref);
    const err = await failure(gateway().void(envOf(), { retref: settled.retref, orderRef: 'x' }));
    expect(err).toMatchObject({ kind: 'declined', reason: 'not_allowed', responseCode: '26' });
    // It looked the transaction up before deciding.
    expect(fake.requests.at(-1)!.url.pathname).toBe(
      `/cardconnect/rest/inquire/${settled.retref}/${FAKE_CP_MERCHID}`,
    );
  });

  it('a void by order id answered "Txn Settled" is an unknown outcome, never a release', async () => {
    const { result, orderRef } = await authorize();
    await gateway().capture(envOf(), { retref: result.retref, amountCents: 2000, tipCents: 0 });
    fake.settle(result.retref);
    const err = await failure(gateway().voidByOrder!(envOf(), { orderRef }));
    expect(err.kind).toBe('unknown_outcome');
    const inquiry = await gateway().inquireByOrder!(envOf(), { orderRef });
    expect(inquiry).toMatchObject({ found: true, status: 'captured' });
  });
});

describe('CardPointe adapter against the fake', () => {
  it('authorises: decimal dollars on the wire, Basic auth, JSON, our order id, capture N', async () => {
    const orderRef = randomUUID();
    const result = await gateway().authorize(envOf(), {
      orderRef,
      amountCents: 1234,
      tipCents: 200,
      card: card(),
    });
    expect(result).toEqual({
      approved: true,
      amountCents: 1234,
      tipCents: 200,
      cardNumber: '************1111',
      cardLast4: '1111',
      cardExpiry: '1230',
      cardType: 'VISA',
      authCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
      retref: expect.stringMatching(/^\d{12}$/),
      avsResult: 'Y',
      cvvResult: 'M',
      responseCode: '00',
      message: 'Approval',
    });
    const req = requestsTo(fake, 'auth').at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_CP_USERNAME}:${FAKE_CP_PASSWORD}`).toString('base64')}`,
    );
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({
      merchid: FAKE_CP_MERCHID,
      account: '4111111111111111',
      expiry: '1230',
      cvv2: '123',
      amount: '12.34',
      postal: '55555',
      address: '1 Main St',
      name: 'Pat Diner',
      orderid: orderRef,
      ecomind: 'E',
      capture: 'N',
    });
    const orderid = lastBody(fake, 'auth').orderid!;
    expect(orderid).toMatch(/\D/);
    expect(passesLuhn(orderid)).toBe(false);
    const txn = fake.transactions.get(result.retref)!;
    expect(txn).toMatchObject({ amountCents: 1234, setlstat: 'Authorized', orderid: orderRef });
  });

  it('sells with capture Y (queued for capture at once)', async () => {
    const orderRef = randomUUID();
    const result = await gateway().sale(envOf(), {
      orderRef,
      amountCents: 999,
      tipCents: 0,
      card: card('5454545454545454'),
    });
    expect(lastBody(fake, 'auth').capture).toBe('Y');
    expect(lastBody(fake, 'auth').amount).toBe('9.99');
    expect(result.cardType).toBe('MC');
    expect(fake.transactions.get(result.retref)?.setlstat).toBe('Queued for Capture');
  });

  it('runs a $0 account verification', async () => {
    const { result } = await authorize('371449635398431', 0);
    expect(lastBody(fake, 'auth').amount).toBe('0.00');
    expect(result.amountCents).toBe(0);
    expect(result.cardNumber).toBe('***********8431');
    expect(fake.transactions.get(result.retref)?.setlstat).toBe('Zero Amount');
  });

  it.each([
    ['do not honor', '4387751111111038', 2000, 'declined', '05'],
    ['refer to issuer', '5442981111111023', 2000, 'declined', '01'],
    ['insufficient funds (FNOR NU)', '4387751111111053', 2000, 'insufficient_funds', 'NU'],
    ['insufficient funds (Discover)', '6011000995511155', 2000, 'insufficient_funds', 'NU'],
    ['amount-driven code ($1005 → 05)', '4111111111111111', 100_500, 'declined', '05'],
    ['bad check digit (PPS 13)', '4111111111111112', 2000, 'invalid', '13'],
  ])('declines: %s', async (_label, number, amountCents, reason, code) => {
    const err = await failure(authorize(number, amountCents));
    expect(err).toBeInstanceOf(GatewayDeclined);
    expect((err as GatewayDeclined).reason).toBe(reason);
    expect((err as GatewayDeclined).responseCode).toBe(code);
    expect(`${err.message} ${JSON.stringify(err)}`).not.toContain(number);
  });

  it('reads RPCT insufficient funds (116) from the amount-driven range', async () => {
    const rpct = await startCardPointeFake({ processor: 'RPCT' });
    try {
      const err = await failure(
        createCardPointeGateway({ baseUrl: rpct.baseUrl }).authorize(envOf(), {
          orderRef: randomUUID(),
          amountCents: 111_695,
          tipCents: 0,
          card: card(),
        }),
      );
      expect(err).toMatchObject({ reason: 'insufficient_funds', responseCode: '116' });
      expect(lastBody(rpct, 'auth').amount).toBe('1116.95');
    } finally {
      await rpct.close();
    }
  });

  it('approves with CVV N or AVS N, and acceptsVerification refuses them', async () => {
    const gw = gateway();
    const cvvN = (await authorize('4111111111111111', 2000, { cvv: '111' })).result;
    expect(cvvN.cvvResult).toBe('N');
    expect(gw.acceptsVerification(cvvN)).toEqual({ ok: false, reason: 'cvv' });
    const avsN = (await authorize('4111111111111111', 2000, { billingZip: '55112' })).result;
    expect(avsN.avsResult).toBe('N');
    expect(gw.acceptsVerification(avsN)).toEqual({ ok: false, reason: 'avs' });
    const cvvP = (await authorize('4111111111111111', 2000, { cvv: '222' })).result;
    expect(cvvP.cvvResult).toBe('P');
    expect(gw.acceptsVerification(cvvP)).toEqual({ ok: true });
  });

  it('reports respstat B / 62 "Timed out" as an unknown outcome, then finds it declined', async () => {
    const orderRef = randomUUID();
    const err = await failure(
      gateway().authorize(envOf(), {
        orderRef,
        amountCents: 500,
        tipCents: 0,
        card: card('4999006200620062'),
      }),
    );
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
    expect(err.message).toContain('62');
    expect(await gateway().inquireByOrder!(envOf(), { orderRef })).toMatchObject({
      found: true,
      status: 'declined',
    });
  });

  it('gives up at its own time-out (unknown outcome), and the look-up recovers the approval', async () => {
    fake.failNext(1, 'hang', { op: 'auth', ms: 1500 });
    const orderRef = randomUUID();
    const err = await failure(
      gateway({ timeoutMs: 200 }).authorize(envOf(), {
        orderRef,
        amountCents: 4321,
        tipCents: 0,
        card: card(),
      }),
    );
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
    const found = await gateway().inquireByOrder!(envOf(), { orderRef });
    expect(found).toMatchObject({ found: true, status: 'authorized' });
    expect(found.found && found.result.amountCents).toBe(4321);
  });

  it('times out on a slow "Timed out" answer of a timeout card', async () => {
    fake.setTimeoutCardDelay(1500);
    try {
      const err = await failure(
        gateway({ timeoutMs: 200 }).sale(envOf(), {
          orderRef: randomUUID(),
          amountCents: 500,
          tipCents: 0,
          card: card('5111006200620062'),
        }),
      );
      expect(err).toBeInstanceOf(GatewayUnknownOutcome);
    } finally {
      fake.setTimeoutCardDelay(0);
    }
  });

  it('reports a refused connection as unavailable (nothing sent)', async () => {
    const closed = await startFakeServer(async () => ({ status: 200 }));
    await closed.close();
    const err = await failure(
      createCardPointeGateway({ baseUrl: closed.baseUrl }).authorize(envOf(), {
        orderRef: randomUUID(),
        amountCents: 100,
        tipCents: 0,
        card: card(),
      }),
    );
    expect(err).toBeInstanceOf(GatewayUnavailable);
  });

  it('reports rejected credentials (401) as unavailable, never echoing them', async () => {
    const before = fake.transactions.size;
    const err = await failure(
      gateway().authorize(envOf({ ...CREDS, password: 'wrong-secret' }), {
        orderRef: randomUUID(),
        amountCents: 100,
        tipCents: 0,
        card: card(),
      }),
    );
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect(err.message).toContain('401');
    expect(err.message).not.toContain('wrong-secret');
    expect(fake.transactions.size).toBe(before);
  });

  it.each([
    ['a truncated answer', 'truncate'],
    ['a garbage answer', 'garbage'],
    ['a dropped answer', 'drop'],
    ['HTTP 500', 'http500'],
  ] as const)('reports %s to an auth as an unknown outcome', async (_label, fault) => {
    fake.failNext(1, fault, { op: 'auth' });
    const err = await failure(authorize());
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
  });

  it('recovers an approval whose answer was dropped, by order id', async () => {
    fake.failNext(1, 'drop', { op: 'auth' });
    const orderRef = randomUUID();
    await failure(
      gateway().authorize(envOf(), { orderRef, amountCents: 2500, tipCents: 0, card: card() }),
    );
    const [held] = fake.byOrder(orderRef);
    expect(held?.setlstat).toBe('Authorized');
    const found = await gateway().inquireByOrder!(envOf(), { orderRef });
    expect(found).toMatchObject({
      found: true,
      status: 'authorized',
      result: { retref: held!.retref, amountCents: 2500, cardLast4: '1111' },
    });
  });

  it('declines a partial approval and releases it', async () => {
    const err = await failure(authorize('4387750101010101', 650));
    expect(err).toMatchObject({ reason: 'insufficient_funds', responseCode: '10' });
    const [txn] = [...fake.transactions.values()].filter((t) => t.last4 === '0101').slice(-1);
    expect(txn?.setlstat).toBe('Voided');
  });

  it('captures more than the authorisation (a tip), and tipAdjust captures the new total', async () => {
    const { result } = await authorize('4111111111111111', 2000);
    const captured = await gateway().capture(envOf(), {
      retref: result.retref,
      amountCents: 2500,
      tipCents: 500,
    });
    expect(lastBody(fake, 'capture')).toEqual({
      merchid: FAKE_CP_MERCHID,
      retref: result.retref,
      amount: '25.00',
    });
    expect(captured).toMatchObject({ amountCents: 2500, tipCents: 500, retref: result.retref });
    expect(fake.transactions.get(result.retref)).toMatchObject({
      amountCents: 2500,
      setlstat: 'Queued for Capture',
    });

    const other = (await authorize('4111111111111111', 3000)).result;
    const adjusted = await gateway().tipAdjust(envOf(), {
      retref: other.retref,
      tipCents: 600,
      amountCents: 3600,
    });
    expect(lastBody(fake, 'capture').amount).toBe('36.00');
    expect(adjusted).toMatchObject({ amountCents: 3600, tipCents: 600 });
  });

  it('refuses to capture an unknown retref', async () => {
    const err = await failure(
      gateway().capture(envOf(), { retref: '999999999999', amountCents: 100, tipCents: 0 }),
    );
    expect(err).toMatchObject({ kind: 'declined', reason: 'invalid', responseCode: '29' });
  });

  it('voids an authorisation and a queued capture, not a settled one', async () => {
    const { result, orderRef } = await authorize();
    const voided = await gateway().void(envOf(), { retref: result.retref, orderRef });
    expect(lastBody(fake, 'void')).toEqual({ merchid: FAKE_CP_MERCHID, retref: result.retref });
    expect(voided.retref).toBe(result.retref);
    expect(fake.transactions.get(result.retref)?.setlstat).toBe('Voided');

    const sold = (await authorize()).result;
    await gateway().capture(envOf(), { retref: sold.retref, amountCents: 2000, tipCents: 0 });
    await gateway().void(envOf(), { retref: sold.retref, orderRef: 'x' });
    expect(fake.transactions.get(sold.retref)?.setlstat).toBe('Voided');

    const settled = (await authorize()).result;
    await gateway().capture(envOf(), { retref: settled.retref, amountCents: 2000, tipCents: 0 });
    fake.settle(settled.retref);
    const err = await failure(gateway().void(envOf(), { retref: settled.retref, orderRef: 'x' }));
    expect(err).toMatchObject({ kind: 'declined', reason: 'not_allowed' });
    expect(fake.transactions.get(settled.retref)?.setlstat).toBe('Accepted');
  });

  it('refunds only after settlement ("28 Txn not settled" before), partly or in full', async () => {
    const { result } = await authorize('4111111111111111', 5000);
    await gateway().capture(envOf(), { retref: result.retref, amountCents: 5000, tipCents: 0 });
    const early = await failure(
      gateway().refund(envOf(), { retref: result.retref, amountCents: 1000 }),
    );
    expect(early).toMatchObject({ kind: 'declined', responseCode: '28', reason: 'not_allowed' });

    fake.settle(result.retref);
    const part = await gateway().refund(envOf(), { retref: result.retref, amountCents: 1000 });
    expect(lastBody(fake, 'refund')).toEqual({
      merchid: FAKE_CP_MERCHID,
      retref: result.retref,
      amount: '10.00',
    });
    expect(part.amountCents).toBe(1000);
    expect(part.retref).not.toBe(result.retref);
    await gateway().refund(envOf(), { retref: result.retref, amountCents: 4000 });
    expect(fake.transactions.get(result.retref)).toMatchObject({
      refundedCents: 5000,
      setlstat: 'Refunded',
    });
  });

  it('inquires by order id: not found, authorised, captured, voided, refunded', async () => {
    const gw = gateway();
    expect(await gw.inquireByOrder!(envOf(), { orderRef: randomUUID() })).toEqual({
      found: false,
    });
    const { result, orderRef } = await authorize('4111111111111111', 1500);
    expect(await gw.inquireByOrder!(envOf(), { orderRef })).toMatchObject({
      found: true,
      status: 'authorized',
      result: { retref: result.retref, amountCents: 1500, cardNumber: '************1111' },
    });
    expect(fake.requests.at(-1)!.url.pathname).toBe(
      `/cardconnect/rest/inquireByOrderid/${orderRef}/${FAKE_CP_MERCHID}/1`,
    );
    expect(fake.requests.at(-1)!.method).toBe('GET');
    await gw.capture(envOf(), { retref: result.retref, amountCents: 1500, tipCents: 0 });
    expect(await gw.inquireByOrder!(envOf(), { orderRef })).toMatchObject({ status: 'captured' });
    fake.settle(result.retref);
    expect(await gw.inquireByOrder!(envOf(), { orderRef })).toMatchObject({ status: 'captured' });
    await gw.refund(envOf(), { retref: result.retref, amountCents: 1500 });
    expect(await gw.inquireByOrder!(envOf(), { orderRef })).toMatchObject({ status: 'refunded' });

    const other = await authorize();
    await gw.void(envOf(), { retref: other.result.retref, orderRef: other.orderRef });
    expect(await gw.inquireByOrder!(envOf(), { orderRef: other.orderRef })).toMatchObject({
      status: 'voided',
    });
  });

  it('reads an array answer and picks the approved match, else the latest', async () => {
    const gw = gateway();
    const orderRef = randomUUID();
    const env = envOf();
    const attempt = (number: string) =>
      gw.authorize(env, { orderRef, amountCents: 700, tipCents: 0, card: card(number) });
    await failure(attempt('4387751111111038'));
    const approved = await attempt('4111111111111111');
    await failure(attempt('4387751111111053'));
    fake.setInquiryShape('array');
    try {
      expect(await gw.inquireByOrder!(env, { orderRef })).toMatchObject({
        found: true,
        status: 'authorized',
        result: { retref: approved.retref },
      });
      const declinedOnly = randomUUID();
      for (const number of ['4387751111111038', '4387751111111053']) {
        await failure(
          gw.authorize(env, {
            orderRef: declinedOnly,
            amountCents: 1,
            tipCents: 0,
            card: card(number),
          }),
        );
      }
      const latest = fake.byOrder(declinedOnly).at(-1)!;
      expect(await gw.inquireByOrder!(env, { orderRef: declinedOnly })).toMatchObject({
        found: true,
        status: 'declined',
        result: { retref: latest.retref, responseCode: 'NU' },
      });
    } finally {
      fake.setInquiryShape('auto');
    }
  });

  it('reports a failing look-up (HTTP 500) as unavailable, not as "not found"', async () => {
    fake.failNext(1, 'http500', { op: 'inquireByOrderid' });
    const err = await failure(gateway().inquireByOrder!(envOf(), { orderRef: randomUUID() }));
    expect(err).toBeInstanceOf(GatewayUnavailable);
  });

  it('voids by order id, trying up to three times while the outcome is unknown', async () => {
    const gw = gateway();
    const { result, orderRef } = await authorize();
    fake.failNext(2, 'lineDown', { op: 'voidByOrderId' });
    const before = requestsTo(fake, 'voidByOrderId').length;
    await gw.voidByOrder!(envOf(), { orderRef });
    expect(requestsTo(fake, 'voidByOrderId').length - before).toBe(3);
    expect(lastBody(fake, 'voidByOrderId')).toEqual({
      merchid: FAKE_CP_MERCHID,
      orderid: orderRef,
    });
    expect(fake.transactions.get(result.retref)?.setlstat).toBe('Voided');

    const second = await authorize();
    fake.failNext(5, 'http500', { op: 'voidByOrderId' });
    const start = requestsTo(fake, 'voidByOrderId').length;
    const err = await failure(gw.voidByOrder!(envOf(), { orderRef: second.orderRef }));
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
    expect(requestsTo(fake, 'voidByOrderId').length - start).toBe(3);
    fake.failNext(0, 'http500');
    expect(fake.transactions.get(second.result.retref)?.setlstat).toBe('Authorized');

    // Nothing held under the order id: done at the first answer.
    const none = requestsTo(fake, 'voidByOrderId').length;
    await gw.voidByOrder!(envOf(), { orderRef: randomUUID() });
    expect(requestsTo(fake, 'voidByOrderId').length - none).toBe(1);
  });

  it('refuses to call without credentials, never naming their values', async () => {
    const before = fake.requests.length;
    for (const credentials of [
      null,
      { ...CREDS, environment: 'sandbox' },
      { ...CREDS, merchid: '' },
    ]) {
      const err = await failure(
        gateway().authorize(envOf(credentials), {
          orderRef: randomUUID(),
          amountCents: 100,
          tipCents: 0,
          card: card(),
        }),
      );
      expect(err).toBeInstanceOf(GatewayUnavailable);
      expect(err.message).toBe('CardPointe credentials are not set');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('answers the credential smoke test like the gateway (fake)', async () => {
    const put = (authorization: string) =>
      fetch(`${fake.baseUrl}/cardconnect/rest/`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ merchid: FAKE_CP_MERCHID }),
      });
    const ok = await put(
      `Basic ${Buffer.from(`${FAKE_CP_USERNAME}:${FAKE_CP_PASSWORD}`).toString('base64')}`,
    );
    expect(await ok.text()).toBe('CardConnect REST Servlet');
    expect((await put('Basic eDp5')).status).toBe(401);
  });

  it('has the capabilities of a CardPointe merchant', () => {
    expect(gateway().provider).toBe('cardPointe');
    expect(gateway().capabilities).toEqual({
      flow: 'auth_capture',
      void: true,
      tipAdjust: 'capture',
      refund: true,
      recovery: 'inquire',
    });
  });
});

describe('CardPointe wire rules', () => {
  it('builds the vendor host from site and environment', () => {
    expect(defaultBaseUrl({ site: 'acme', environment: 'uat' })).toBe(
      'https://acme-uat.cardconnect.com',
    );
    expect(defaultBaseUrl({ site: 'acme', environment: 'production' })).toBe(
      'https://acme.cardconnect.com',
    );
  });

  it('writes dollars and reads both units', () => {
    expect(toWireAmount(0)).toBe('0.00');
    expect(toWireAmount(5)).toBe('0.05');
    expect(toWireAmount(111_695)).toBe('1116.95');
    expect(parseWireAmount('1116.95')).toBe(111_695);
    expect(parseWireAmount('111695')).toBe(111_695);
    expect(parseWireAmount('5.5')).toBe(550);
    expect(parseWireAmount('abc')).toBeNull();
  });

  it('reads look-up answers: empty or 404 without a body is "not found"; other refusals are not', () => {
    const a = (status: number, text: string) => ({ status, contentType: 'application/json', text });
    expect(inquiryOf(a(200, ''))).toEqual({ found: false });
    expect(inquiryOf(a(200, '[]'))).toEqual({ found: false });
    expect(inquiryOf(a(404, ''))).toEqual({ found: false });
    expect(() => inquiryOf(a(404, '{"message":"Invalid merchant","errorcode":21}'))).toThrow(
      GatewayUnavailable,
    );
    expect(() => inquiryOf(a(401, ''))).toThrow(GatewayUnavailable);
    expect(() => inquiryOf(a(200, '"text"'))).toThrow(GatewayUnknownOutcome);
    expect(() => inquiryOf(a(200, '{"respstat":"A","setlstat":"Mystery"}'))).toThrow(
      GatewayUnknownOutcome,
    );
  });

  it('never sends a Luhn-valid order id', () => {
    const uuid = randomUUID();
    expect(wireOrderId(uuid)).toBe(uuid);
    expect(wireOrderId('4111111111111111')).toBe('FK-4111111111111111');
    expect(passesLuhn(wireOrderId('4111111111111111'))).toBe(false);
    expect(wireOrderId('4111111111111112')).toBe('4111111111111112');
    expect(() => wireOrderId('a/b')).toThrow(GatewayUnavailable);
  });
});

// ---- golden fixtures: the vendor's own examples ----------------------------------------------

interface Fixture {
  source: string;
  request?: Record<string, string>;
  status: number;
  response: unknown;
}
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../tests/fixtures/gateways/cardpointe/${name}`, import.meta.url),
      'utf8',
    ),
  ) as Fixture;

describe('CardPointe adapter against the vendor examples (golden fixtures)', () => {
  let server: FakeServer;
  /** What the loopback server answers per operation (the first path segment). */
  let answers: Record<string, { status: number; json: unknown }> = {};
  beforeAll(async () => {
    server = await startFakeServer(async (req) => {
      const op = req.url.pathname.replace('/cardconnect/rest/', '').split('/')[0] ?? '';
      return answers[op] ?? { status: 500, text: 'no fixture for this path' };
    });
  });
  afterAll(() => server.close());
  const serve = (op: string, f: Fixture) => {
    answers = { ...answers, [op]: { status: f.status, json: f.response } };
  };
  const gw = () => createCardPointeGateway({ baseUrl: server.baseUrl, timeoutMs: 5000 });
  const envFor = (merchid: string) => envOf({ ...CREDS, merchid });
  /** Our body deep-equals the vendor's, plus only the fields we always add. */
  const expectSameRequest = (ours: Record<string, string>, theirs: Record<string, string>) => {
    const always = ['address', 'capture', 'cvv2', 'ecomind', 'name', 'orderid', 'postal'];
    expect(Object.keys(ours).filter((k) => !(k in theirs) && !always.includes(k))).toEqual([]);
    const shared = Object.fromEntries(Object.keys(theirs).map((k) => [k, ours[k]]));
    expect(shared).toEqual(theirs);
  };

  it('AVS example: same request; approval parsed; AVS N refused', async () => {
    const f = fixture('auth-avs-approval.json');
    serve('auth', f);
    const result = await gw().authorize(envFor(f.request!.merchid!), {
      orderRef: randomUUID(),
      amountCents: 1111,
      tipCents: 0,
      card: {
        number: '6011000995500000',
        expiry: '1218',
        cvv: '123',
        billingStreet: '123 MAIN STREET',
        billingZip: '55112',
      },
    });
    const ours = lastBody(server, 'auth');
    expectSameRequest(ours, f.request!);
    expect(
      Object.keys(ours)
        .filter((k) => !(k in f.request!))
        .sort(),
    ).toEqual(['capture', 'cvv2', 'ecomind', 'orderid']);
    expect(result).toEqual<PaymentResult>({
      approved: true,
      amountCents: 1111,
      tipCents: 0,
      cardNumber: '************0000',
      cardLast4: '0000',
      cardExpiry: '1218',
      cardType: 'DISCOVER',
      authCode: '',
      retref: '316336153961',
      avsResult: 'N',
      cvvResult: null,
      responseCode: '00',
      message: 'Approved',
    });
    expect(gw().acceptsVerification(result)).toEqual({ ok: false, reason: 'avs' });
  });

  it('amount-driven example: "111695" is $1116.95; RPCT 116 is insufficient funds', async () => {
    const f = fixture('auth-minor-units-nsf.json');
    serve('auth', f);
    expect(parseWireAmount(f.request!.amount)).toBe(111_695);
    const err = await failure(
      gw().authorize(envFor(f.request!.merchid!), {
        orderRef: randomUUID(),
        amountCents: 111_695,
        tipCents: 0,
        card: card(f.request!.account, {
          expiry: f.request!.expiry,
          billingStreet: '',
          billingZip: '',
        }),
      }),
    );
    const ours = lastBody(server, 'auth');
    // We send the decimal form of the same amount (wire.ts, toWireAmount).
    expect(ours.amount).toBe('1116.95');
    expect(parseWireAmount(ours.amount)).toBe(parseWireAmount(f.request!.amount));
    expectSameRequest({ ...ours, amount: f.request!.amount! }, f.request!);
    expect(err).toBeInstanceOf(GatewayDeclined);
    expect(err).toMatchObject({
      reason: 'insufficient_funds',
      responseCode: '116',
      message: 'Not sufficient funds',
    });
  });

  it('partial-approval example: declined, and released by order id (no retref in it)', async () => {
    const f = fixture('auth-partial-approval.json');
    serve('auth', f);
    // Our own minimal void answer (not a vendor example): only the loopback needs one.
    answers.voidByOrderId = {
      status: 200,
      json: { respstat: 'A', respcode: '00', resptext: 'Approval' },
    };
    const orderRef = randomUUID();
    const err = await failure(
      gw().authorize(envFor(f.request!.merchid!), {
        orderRef,
        amountCents: 650,
        tipCents: 0,
        card: card(f.request!.account, { expiry: f.request!.expiry }),
      }),
    );
    expectSameRequest(lastBody(server, 'auth'), f.request!);
    expect(err).toMatchObject({
      kind: 'declined',
      reason: 'insufficient_funds',
      responseCode: '10',
    });
    expect(lastBody(server, 'voidByOrderId')).toEqual({
      merchid: f.request!.merchid,
      orderid: orderRef,
    });
  });

  it('timeout example (UAT): same sale request; B / 62 is an unknown outcome', async () => {
    const f = fixture('auth-timeout-uat.json');
    serve('auth', f);
    const err = await failure(
      gw().sale(envFor(f.request!.merchid!), {
        orderRef: randomUUID(),
        amountCents: 500,
        tipCents: 0,
        card: card(f.request!.account, { expiry: f.request!.expiry }),
      }),
    );
    const ours = lastBody(server, 'auth');
    // The vendor writes "y"; the field is defined as "Y"/"N" [S-CP1]: compared case-insensitively.
    expect(ours.capture).toBe('Y');
    expectSameRequest({ ...ours, capture: ours.capture!.toLowerCase() }, f.request!);
    expect(err).toBeInstanceOf(GatewayUnknownOutcome);
  });

  it('timeout example (production): unknown outcome to an auth; "declined" to a look-up', async () => {
    const f = fixture('auth-timeout-production.json');
    serve('auth', f);
    serve('inquireByOrderid', f);
    expect(
      await failure(
        gw().authorize(envOf(), {
          orderRef: randomUUID(),
          amountCents: 68_500,
          tipCents: 0,
          card: card(),
        }),
      ),
    ).toBeInstanceOf(GatewayUnknownOutcome);
    expect(await gw().inquireByOrder!(envOf(), { orderRef: randomUUID() })).toMatchObject({
      found: true,
      status: 'declined',
      result: { amountCents: 68_500, retref: '343005123105', cardLast4: '1111' },
    });
  });

  it('ACH example: "1000" is answered as "10.00"; the approval with its auth code', async () => {
    const f = fixture('ach-auth-minor-units.json');
    const response = f.response as Record<string, string>;
    expect(parseWireAmount(f.request!.amount)).toBe(1000);
    expect(parseWireAmount(response.amount)).toBe(1000);
    expect(toWireAmount(1000)).toBe(response.amount);
    serve('auth', f);
    const result = await gw().sale(envOf(), {
      orderRef: randomUUID(),
      amountCents: 1000,
      tipCents: 0,
      card: card(),
    });
    expect(result).toMatchObject({
      amountCents: 1000,
      authCode: 'VPJSP5',
      retref: '353318135488',
      avsResult: 'U',
      cvvResult: 'U',
      responseCode: '00',
      message: 'Success',
      cardLast4: '5678',
    });
  });

  it('"29 Txn not found": refund declined (invalid); look-up not found; void by order done', async () => {
    const f = fixture('txn-not-found.json');
    for (const op of ['refund', 'inquireByOrderid', 'voidByOrderId']) serve(op, f);
    expect(
      await failure(gw().refund(envOf(), { retref: '198096236590', amountCents: 100 })),
    ).toMatchObject({ kind: 'declined', reason: 'invalid', responseCode: '29' });
    expect(await gw().inquireByOrder!(envOf(), { orderRef: randomUUID() })).toEqual({
      found: false,
    });
    await expect(gw().voidByOrder!(envOf(), { orderRef: randomUUID() })).resolves.toBeUndefined();
  });

  it('wrong path (404): declined "invalid" to an auth, unavailable to a look-up', async () => {
    const f = fixture('wrong-path-404.json');
    serve('auth', f);
    serve('inquireByOrderid', f);
    expect(
      await failure(
        gw().authorize(envOf(), {
          orderRef: randomUUID(),
          amountCents: 1,
          tipCents: 0,
          card: card(),
        }),
      ),
    ).toMatchObject({ kind: 'declined', reason: 'invalid', responseCode: '404' });
    expect(await failure(gw().inquireByOrder!(envOf(), { orderRef: randomUUID() }))).toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it('error body (HTTP 400 {message, errorcode}): declined "invalid" with the error code', async () => {
    serve('auth', fixture('error-400.json'));
    expect(
      await failure(
        gw().authorize(envOf(), {
          orderRef: randomUUID(),
          amountCents: 1,
          tipCents: 0,
          card: card(),
        }),
      ),
    ).toMatchObject({ kind: 'declined', reason: 'invalid', responseCode: '49' });
  });

  it('inquireByOrderid answer: found and authorised, as an object or in an array', async () => {
    const f = fixture('inquire-by-orderid.json');
    const expected = {
      found: true,
      status: 'authorized',
      result: {
        approved: true,
        amountCents: 10_600,
        tipCents: 0,
        cardNumber: '************1111',
        cardLast4: '1111',
        cardExpiry: '1228',
        cardType: 'CARD',
        authCode: '',
        retref: '123456789012',
        avsResult: null,
        cvvResult: null,
        responseCode: '00',
        message: 'Approval',
      },
    };
    const orderRef = randomUUID();
    serve('inquireByOrderid', f);
    expect(await gw().inquireByOrder!(envFor('123456789012'), { orderRef })).toEqual(expected);
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe(`/cardconnect/rest/inquireByOrderid/${orderRef}/123456789012/1`);
    serve('inquireByOrderid', { ...f, response: [f.response] });
    expect(await gw().inquireByOrder!(envOf(), { orderRef })).toEqual(expected);
  });

  it('capture answer without respstat: same request; parsed from its setlstat', async () => {
    const f = fixture('capture-response.json');
    serve('capture', f);
    const result = await gw().capture(envFor(f.request!.merchid!), {
      retref: f.request!.retref!,
      amountCents: 10_600,
      tipCents: 0,
    });
    expect(lastBody(server, 'capture')).toEqual(f.request);
    expect(result).toMatchObject({
      amountCents: 10_600,
      authCode: '046221',
      retref: '123456789012',
      cardLast4: '1111',
    });
  });
});
