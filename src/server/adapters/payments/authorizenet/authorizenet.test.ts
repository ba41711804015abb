// The Authorize.Net adapter against the local fake (tests/fakes/authorizenet.ts) and the golden
// fixtures (tests/fixtures/gateways/authorizenet/, sources in SOURCES.md).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ANET_KEY,
  FAKE_ANET_LOGIN,
  type FakeAuthorizeNet,
  startAuthorizeNetFake,
} from '../../../../../tests/fakes/authorizenet.js';
import type { Db } from '../../../db/client.js';
import {
  type AuthorizeRequest,
  GatewayDeclined,
  type GatewayEnv,
  GatewayError,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentGateway,
} from '../types.js';
import { createAuthorizeNetGateway, endpointOf } from './authorizenet.js';
import {
  DUPLICATE_WINDOW_SECONDS,
  SCHEMA_ORDER,
  chargeRequest,
  dollars,
  element,
  refundRequest,
  vendorRef,
  voidRequest,
} from './request.js';
import { AuthorizeNetMalformedRequest, readAnswer, shortfallOf } from './response.js';

const CREDENTIALS = {
  apiLoginId: FAKE_ANET_LOGIN,
  transactionKey: FAKE_ANET_KEY,
  environment: 'sandbox',
};

function envWith(credentials: Record<string, string> | null = CREDENTIALS): GatewayEnv {
  return {
    merchantId: '00000000-0000-4000-8000-000000000001',
    credentials,
    db: null as unknown as Db,
    now: new Date('2025-06-01T12:00:00Z'),
  };
}

let seq = 0;
/** A fresh order uuid per call, so charges never collide in the fake's duplicate check. */
function orderRef(): string {
  seq += 1;
  return `7d9f3c2a-1b4e-4c8d-9a6f-${String(seq).padStart(12, '0')}`;
}

function charge(over: Partial<AuthorizeRequest['card']> = {}, amountCents = 1234) {
  return {
    orderRef: orderRef(),
    amountCents,
    tipCents: 200,
    card: {
      number: '4111111111111111',
      expiry: '1230',
      cvv: '123',
      billingStreet: '1 Main St',
      billingZip: '10001',
      name: 'Ada King Lovelace',
      ...over,
    },
  } satisfies AuthorizeRequest;
}

let fake: FakeAuthorizeNet;
let gw: PaymentGateway;
beforeAll(async () => {
  fake = await startAuthorizeNetFake();
  gw = createAuthorizeNetGateway({ baseUrl: fake.baseUrl, timeoutMs: 3000 });
});
afterAll(() => fake.close());

/** The JSON body of the last request the fake received. */
function lastBody(): {
  createTransactionRequest: Record<string, unknown> & {
    transactionRequest: Record<string, unknown>;
  };
} {
  return fake.bodies().at(-1) as never;
}

async function failure<T extends GatewayError>(
  p: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as T;
  }
  throw new Error('expected the call to fail');
}

/** Every key path of a JSON value with its keys in order, to compare orders deeply. */
function keyOrder(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyOrder(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const obj = value as Record<string, unknown>;
  return [
    `${path}{${Object.keys(obj).join(',')}}`,
    ...Object.keys(obj).flatMap((k) => keyOrder(obj[k], `${path}.${k}`)),
  ];
}

describe('request building', () => {
  it('turns integer cents into dollars with two decimals', () => {
    expect(dollars(0)).toBe('0.00');
    expect(dollars(5)).toBe('0.05');
    expect(dollars(1234)).toBe('12.34');
    expect(dollars(100_000)).toBe('1000.00');
    expect(() => dollars(12.5)).toThrow(RangeError);
    expect(() => dollars(-1)).toThrow(RangeError);
  });

  it('fits our order uuid into the 20 characters of refId / invoiceNumber', () => {
    expect(vendorRef('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('469fa16570867728950e');
    expect(vendorRef('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('469fa16570867728950e');
    expect(vendorRef('order-42')).toBe('order-42');
    const long = vendorRef('not a uuid, and far longer than twenty characters');
    expect(long).toMatch(/^[0-9a-f]{20}$/);
  });

  it('puts children in schema order whatever order they are given in, and refuses strangers', () => {
    const built = element('creditCard', {
      cardCode: '123',
      cardNumber: '4111111111111111',
      expirationDate: '1230',
    });
    expect(Object.keys(built)).toEqual(['cardNumber', 'expirationDate', 'cardCode']);
    expect(Object.keys(element('order', { description: 'x', invoiceNumber: 'y' }))).toEqual([
      'invoiceNumber',
      'description',
    ]);
    expect(() => element('order', { amount: '1.00' } as never)).toThrow(/not a child of order/);
  });
});

describe('Authorize.Net adapter against the fake', () => {
  it('authorizes: dollars on the wire, schema order, our order ref in refId and invoiceNumber', async () => {
    const req = charge();
    const r = await gw.authorize(envWith(), req);
    expect(r).toMatchObject({
      approved: true,
      amountCents: 1234,
      tipCents: 200,
      cardNumber: '************1111',
      cardLast4: '1111',
      cardExpiry: '1230',
      cardType: 'VISA',
      avsResult: 'Y',
      cvvResult: 'M',
      responseCode: '1',
      message: 'This transaction has been approved.',
    });
    expect(r.authCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(fake.transactions.get(r.retref)).toMatchObject({
      type: 'authOnlyTransaction',
      state: 'authorized',
      amountWire: '12.34',
      amountCents: 1234,
    });

    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url.pathname).toBe('/xml/v1/request.api');
    expect(sent.headers['content-type']).toBe('application/json');
    const body = lastBody();
    const root = body.createTransactionRequest;
    const tr = root.transactionRequest;
    expect(Object.keys(root)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(Object.keys(tr)).toEqual([
      'transactionType',
      'amount',
      'payment',
      'order',
      'billTo',
      'transactionSettings',
    ]);
    expect(tr.amount).toBe('12.34');
    expect(root.refId).toBe(vendorRef(req.orderRef));
    expect(tr.order).toEqual({
      invoiceNumber: req.orderRef.replaceAll('-', '').slice(-20),
      description: `Forkful order ${req.orderRef}`,
    });
    expect(tr.billTo).toEqual({
      firstName: 'Ada King',
      lastName: 'Lovelace',
      address: '1 Main St',
      zip: '10001',
    });
    expect(tr.payment).toEqual({
      creditCard: { cardNumber: '4111111111111111', expirationDate: '1230', cardCode: '123' },
    });
    expect(tr.transactionSettings).toEqual({
      setting: [
        { settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) },
        { settingName: 'allowPartialAuth', settingValue: 'false' },
      ],
    });
  });

  it('sells (authCaptureTransaction): captured at once', async () => {
    const r = await gw.sale(envWith(), charge({ number: '5424000000000015' }, 2500));
    expect(r).toMatchObject({ cardType: 'MC', cardLast4: '0015', amountCents: 2500 });
    expect(lastBody().createTransactionRequest.transactionRequest.transactionType).toBe(
      'authCaptureTransaction',
    );
    expect(fake.transactions.get(r.retref)).toMatchObject({
      state: 'captured',
      capturedCents: 2500,
    });
  });

  it('captures an authorisation (priorAuthCaptureTransaction with refTransId and amount)', async () => {
    const auth = await gw.authorize(envWith(), charge({}, 3000));
    const r = await gw.capture(envWith(), { retref: auth.retref, amountCents: 3000, tipCents: 0 });
    expect(r).toMatchObject({ approved: true, retref: auth.retref, cardLast4: '1111' });
    const tr = lastBody().createTransactionRequest.transactionRequest;
    expect(tr).toEqual({
      transactionType: 'priorAuthCaptureTransaction',
      amount: '30.00',
      refTransId: auth.retref,
    });
    expect(Object.keys(tr)).toEqual(['transactionType', 'amount', 'refTransId']);
    expect(fake.transactions.get(auth.retref)).toMatchObject({
      state: 'captured',
      capturedCents: 3000,
    });
    // Capturing twice is refused by the gateway, and reported as such.
    const again = await failure(
      gw.capture(envWith(), { retref: auth.retref, amountCents: 3000, tipCents: 0 }),
      GatewayDeclined,
    );
    expect(again.reason).toBe('invalid');
  });

  it('voids an authorisation (voidTransaction with refTransId)', async () => {
    const req = charge();
    const auth = await gw.authorize(envWith(), req);
    const r = await gw.void(envWith(), { retref: auth.retref, orderRef: req.orderRef });
    expect(r).toMatchObject({ approved: true, retref: auth.retref, cardLast4: '1111' });
    const root = lastBody().createTransactionRequest;
    expect(root.refId).toBe(vendorRef(req.orderRef));
    expect(root.transactionRequest).toEqual({
      transactionType: 'voidTransaction',
      refTransId: auth.retref,
    });
    expect(fake.transactions.get(auth.retref)?.state).toBe('voided');
  });

  it('refuses a void after settlement', async () => {
    const req = charge();
    const sale = await gw.sale(envWith(), req);
    fake.settle(sale.retref);
    const err = await failure(
      gw.void(envWith(), { retref: sale.retref, orderRef: req.orderRef }),
      GatewayDeclined,
    );
    expect(err.reason).toBe('invalid');
    expect(fake.transactions.get(sale.retref)?.state).toBe('settled');
  });

  it('refunds only after settlement (reason 54 before), naming the card by its last four', async () => {
    const sale = await gw.sale(envWith(), charge({}, 4000));
    const refund = (amountCents: number) =>
      gw.refund(envWith(), { retref: sale.retref, amountCents, cardLast4: '1111' } as never);

    const early = await failure(refund(1500), GatewayDeclined);
    expect(early).toMatchObject({ reason: 'invalid', responseCode: '54' });
    expect(early.message).toMatch(/criteria for issuing a credit/);

    fake.settle(sale.retref);
    const r = await refund(1500);
    expect(r).toMatchObject({ approved: true, amountCents: 1500, cardLast4: '1111' });
    expect(r.retref).not.toBe(sale.retref);
    const tr = lastBody().createTransactionRequest.transactionRequest;
    expect(tr).toEqual({
      transactionType: 'refundTransaction',
      amount: '15.00',
      // The schema's masked form (issue 30): "XXXX" + last four.
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX' } },
      refTransId: sale.retref,
    });
    expect(fake.transactions.get(sale.retref)?.refundedCents).toBe(1500);
  });

  it('does not send a refund without the card’s last four', async () => {
    const before = fake.requests.length;
    const err = await failure(
      gw.refund(envWith(), { retref: '60000000001', amountCents: 100 }),
      GatewayDeclined,
    );
    expect(err.reason).toBe('invalid');
    expect(fake.requests.length).toBe(before);
  });

  it('reports a decline (sandbox zip 46282) without card data in the error', async () => {
    const req = charge({ billingZip: '46282' });
    const err = await failure(gw.authorize(envWith(), req), GatewayDeclined);
    expect(err).toMatchObject({ reason: 'declined', responseCode: '2' });
    expect(err.message).toBe('This transaction has been declined.');
    expect(err.message).not.toContain(req.card.number);
    expect(err.message).not.toContain(req.card.cvv);
  });

  it.each([
    ['zip 46205 → AVS N', { billingZip: '46205' }, 'N', 'M', { ok: false, reason: 'avs' }],
    ['zip 46203 → AVS E', { billingZip: '46203' }, 'E', 'M', { ok: true }],
    ['zip 46201 → AVS A', { billingZip: '46201' }, 'A', 'M', { ok: true }],
    ['zip 46217 → AVS Z', { billingZip: '46217' }, 'Z', 'M', { ok: true }],
    ['card code 900 → CVV M', { cvv: '900' }, 'Y', 'M', { ok: true }],
    ['card code 901 → CVV N', { cvv: '901' }, 'Y', 'N', { ok: false, reason: 'cvv' }],
    ['card code 904 → CVV P', { cvv: '904' }, 'Y', 'P', { ok: true }],
  ] as const)('verification: %s', async (_name, card, avs, cvv, verdict) => {
    const r = await gw.authorize(envWith(), charge(card));
    expect(r.avsResult).toBe(avs);
    expect(r.cvvResult).toBe(cvv);
    expect(gw.acceptsVerification(r)).toEqual(verdict);
  });

  it('reads AVS and CVV declines (reasons 27, 65) as avs / cvv', async () => {
    fake.setFilters({ rejectAvsN: true, rejectCvvN: true });
    try {
      const avs = await failure(
        gw.authorize(envWith(), charge({ billingZip: '46205' })),
        GatewayDeclined,
      );
      expect(avs).toMatchObject({ reason: 'avs', responseCode: '27' });
      const cvv = await failure(gw.authorize(envWith(), charge({ cvv: '901' })), GatewayDeclined);
      expect(cvv).toMatchObject({ reason: 'cvv', responseCode: '65' });
    } finally {
      fake.setFilters({ rejectAvsN: false, rejectCvvN: false });
    }
  });

  it('is refused as a duplicate when the same order is charged again inside the window', async () => {
    const req = charge({}, 777);
    const first = await gw.authorize(envWith(), req);
    // Past the vendor's 2-minute default: our 8-hour window still holds.
    fake.advanceClock(121);
    const dup = await failure(gw.authorize(envWith(), req), GatewayDeclined);
    expect(dup).toMatchObject({ reason: 'invalid', responseCode: '11' });
    expect(dup.message).toBe('A duplicate transaction has been submitted.');
    // A new order for the same card and amount is not a duplicate (its invoice number differs).
    const other = await gw.authorize(envWith(), { ...req, orderRef: orderRef() });
    expect(other.retref).not.toBe(first.retref);
    // After the window the same order goes through again.
    fake.advanceClock(DUPLICATE_WINDOW_SECONDS);
    const later = await gw.authorize(envWith(), req);
    expect(later.retref).not.toBe(first.retref);
  });

  it('treats refused credentials (E00007) as unavailable, without echoing them', async () => {
    const env = envWith({ ...CREDENTIALS, transactionKey: 'wrongKey99' });
    const err = await failure(gw.authorize(env, charge()), GatewayUnavailable);
    expect(err.message).toBe('Authorize.Net credentials were refused (E00007)');
    expect(err.message).not.toContain('wrongKey99');
  });

  it('fails at once, sending nothing, when the credentials are missing or incomplete', async () => {
    const before = fake.requests.length;
    const none = await failure(gw.authorize(envWith(null), charge()), GatewayUnavailable);
    expect(none.message).toBe('Authorize.Net credentials are not set');
    const partial = await failure(
      gw.void(envWith({ apiLoginId: 'x' }), { retref: '1', orderRef: orderRef() }),
      GatewayUnavailable,
    );
    expect(partial.message).toBe('Authorize.Net credentials are not set');
    expect(fake.requests.length).toBe(before);
  });

  it('reads answers that start with a byte order mark', async () => {
    // The fake's answers really do start with one. (fetch's UTF-8 decoding already drops a
    // leading BOM; readAnswer strips one too — proven on the fixtures below.)
    const res = await fetch(`${fake.baseUrl}/xml/v1/request.api`, {
      method: 'POST',
      body: JSON.stringify(chargeRequest(CREDENTIALS, 'authOnlyTransaction', charge())),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The adapter reads them, and answers without one too.
    expect((await gw.authorize(envWith(), charge())).approved).toBe(true);
    const plain = await startAuthorizeNetFake({ bom: false });
    try {
      const plainGw = createAuthorizeNetGateway({ baseUrl: plain.baseUrl });
      expect((await plainGw.authorize(envWith(), charge())).approved).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it.each(['http500', 'truncated', 'garbage'] as const)(
    'reads %s after processing as an unknown outcome (the money may be held)',
    async (knob) => {
      fake.failNext(knob);
      const before = fake.transactions.size;
      await failure(gw.authorize(envWith(), charge()), GatewayUnknownOutcome);
      expect(fake.transactions.size).toBe(before + 1);
    },
  );

  it('gives up on a hanging gateway after its time-out, as an unknown outcome', async () => {
    fake.failNext('hang', { hangMs: 2000 });
    const quick = createAuthorizeNetGateway({ baseUrl: fake.baseUrl, timeoutMs: 200 });
    const err = await failure(quick.sale(envWith(), charge()), GatewayUnknownOutcome);
    expect(err.message).toMatch(/timed out/);
  });

  it('reads E00001 (internal error) as an unknown outcome', async () => {
    fake.failNext('internalError');
    await failure(gw.authorize(envWith(), charge()), GatewayUnknownOutcome);
  });

  it('reads "held for review" (responseCode 4) as an unknown outcome naming the transaction', async () => {
    fake.failNext('held');
    const err = await failure(gw.sale(envWith(), charge()), GatewayUnknownOutcome);
    const held = [...fake.transactions.values()].at(-1)!;
    expect(held.state).toBe('held');
    expect(err.message).toContain(held.transId);
    expect(err.message).toMatch(/review/);
  });

  it('reads a schema error (E00003) as our bug, never quoting the vendor’s text', async () => {
    fake.failNext('schemaError');
    const req = charge();
    const err = await failure(gw.authorize(envWith(), req), AuthorizeNetMalformedRequest);
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect(err.message).toMatch(/malformed \(E00003\)/);
    expect(err.message).not.toContain(req.card.number);
  });

  it('treats a closed port as unavailable (nothing sent)', async () => {
    // A port that was just free (port 1 is on fetch's blocked list, a different failure).
    const probe = createServer();
    await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((ok) => probe.close(() => ok()));
    const closed = createAuthorizeNetGateway({ baseUrl: `http://127.0.0.1:${port}` });
    const err = await failure(closed.authorize(envWith(), charge()), GatewayUnavailable);
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('has no tip adjustment and no look-up by order (recovery by flag)', async () => {
    expect(gw.provider).toBe('authorizeNet');
    expect(gw.capabilities).toEqual({
      flow: 'auth_capture',
      void: true,
      tipAdjust: 'none',
      refund: true,
      recovery: 'flag',
    });
    expect(gw.inquireByOrder).toBeUndefined();
    const err = await failure(
      gw.tipAdjust(envWith(), { retref: '1', tipCents: 100, amountCents: 1100 }),
      GatewayDeclined,
    );
    expect(err.reason).toBe('not_allowed');
  });

  it('posts to the vendor host of the credentials’ environment unless a base URL is set', () => {
    expect(endpointOf('sandbox')).toBe('https://apitest.authorize.net/xml/v1/request.api');
    expect(endpointOf('production')).toBe('https://api.authorize.net/xml/v1/request.api');
    expect(endpointOf('production', 'http://127.0.0.1:9/')).toBe(
      'http://127.0.0.1:9/xml/v1/request.api',
    );
  });
});

describe('issue 30: what a live Authorize.Net would refuse or mis-settle', () => {
  it.each(['4111111111111111111', '41111111111111111'])(
    'refuses a %s-long card before the call with the diner’s text (schema cardNumber ≤ 16)',
    async (number) => {
      const before = fake.requests.length;
      const err = await failure(gw.authorize(envWith(), charge({ number })), GatewayDeclined);
      expect(err.message).toBe('This store cannot take this card; please use another card');
      expect(err.reason).toBe('invalid');
      expect(fake.requests.length).toBe(before);
    },
  );

  it('sends allowPartialAuth=false, so an account with partial authorisation declines a short card', async () => {
    fake.setPartialAuth({ availableCents: 1000 });
    try {
      const err = await failure(gw.authorize(envWith(), charge({}, 1234)), GatewayDeclined);
      expect(err.reason).toBe('declined');
      const settings = (
        lastBody().createTransactionRequest.transactionRequest.transactionSettings as {
          setting: { settingName: string; settingValue: string }[];
        }
      ).setting;
      expect(settings).toContainEqual({ settingName: 'allowPartialAuth', settingValue: 'false' });
      expect(fake.transactions.get(String(err.responseCode))).toBeUndefined();
    } finally {
      fake.setPartialAuth(null);
    }
  });

  it('voids and declines an approval for less than asked (the setting ignored): no money held', async () => {
    fake.setPartialAuth({ availableCents: 1000, honoursRequest: false });
    try {
      const req = charge({}, 1234);
      const err = await failure(gw.authorize(envWith(), req), GatewayDeclined);
      expect(err).toMatchObject({ reason: 'insufficient_funds' });
      const held = [...fake.transactions.values()].filter(
        (t) => t.invoiceNumber === vendorRef(req.orderRef),
      );
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ amountCents: 1000, state: 'voided' });
    } finally {
      fake.setPartialAuth(null);
    }
  });

  it('a partial approval whose void fails is an unknown outcome (the reconciler releases it)', async () => {
    fake.setPartialAuth({ availableCents: 1000, honoursRequest: false });
    try {
      const req = charge({}, 1234);
      // The charge answers; the void after it meets a 500 (not processed: the money stays held).
      fake.failNext('pass');
      fake.failNext('http500', { processed: false });
      const err = await failure(gw.authorize(envWith(), req), GatewayUnknownOutcome);
      expect(err.message).toMatch(/partial approval \d+ could not be released/);
      const held = [...fake.transactions.values()].filter(
        (t) => t.invoiceNumber === vendorRef(req.orderRef),
      );
      expect(held[0]).toMatchObject({ amountCents: 1000, state: 'authorized' });
    } finally {
      fake.setPartialAuth(null);
    }
  });
});

describe('the fake itself', () => {
  async function post(body: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${fake.baseUrl}/xml/v1/request.api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return JSON.parse((await res.text()).replace(/^\uFEFF/, '')) as Record<string, unknown>;
  }

  it('refuses elements out of schema order with E00003 "invalid child element"', async () => {
    const good = chargeRequest(CREDENTIALS, 'authOnlyTransaction', charge());
    const tr = good.createTransactionRequest.transactionRequest as Record<string, unknown>;
    const { transactionType, amount, ...rest } = tr;
    const swapped = { amount, transactionType, ...rest };
    const answer = await post({
      createTransactionRequest: { ...good.createTransactionRequest, transactionRequest: swapped },
    });
    expect(answer.messages).toMatchObject({
      resultCode: 'Error',
      message: [{ code: 'E00003' }],
    });
    expect(JSON.stringify(answer)).toMatch(/invalid child element 'transactionType'/);
  });

  it('refuses a refId longer than the schema’s 20 characters', async () => {
    const good = chargeRequest(CREDENTIALS, 'authOnlyTransaction', charge());
    const answer = await post({
      createTransactionRequest: {
        ...good.createTransactionRequest,
        refId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      },
    });
    expect(answer.messages).toMatchObject({ message: [{ code: 'E00003' }] });
  });
});

// ---- golden fixtures -------------------------------------------------------------------------

const FIXTURES = new URL('../../../../../tests/fixtures/gateways/authorizenet/', import.meta.url);
const fixtureText = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const fixtureJson = (name: string): unknown => JSON.parse(fixtureText(name).replace(/^\uFEFF/, ''));
const answerOf = (text: string) => ({ status: 200, contentType: 'application/json', text });

/** The fixed input the request fixtures were written for. */
const FIXED_LOGIN = { apiLoginId: FAKE_ANET_LOGIN, transactionKey: FAKE_ANET_KEY };
const FIXED_ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const FIXED_AUTH: AuthorizeRequest = {
  orderRef: FIXED_ORDER,
  amountCents: 500,
  tipCents: 0,
  card: {
    number: '5424000000000015',
    expiry: '1230',
    cvv: '999',
    billingStreet: '14 Main Street',
    billingZip: '44628',
    name: 'Ellen Johnson',
  },
};

describe('golden fixtures', () => {
  it.each([
    ['authonly.request.json', () => chargeRequest(FIXED_LOGIN, 'authOnlyTransaction', FIXED_AUTH)],
    [
      'void.request.json',
      () => voidRequest(FIXED_LOGIN, { retref: '2230581408', orderRef: FIXED_ORDER }),
    ],
    [
      'refund.request.json',
      () =>
        refundRequest(FIXED_LOGIN, { retref: '2230581367', amountCents: 500, cardLast4: '1111' }),
    ],
  ] as const)('builds %s exactly, keys in the same order', (name, build) => {
    const expected = fixtureJson(name);
    const built = build();
    expect(built).toEqual(expected);
    expect(keyOrder(built)).toEqual(keyOrder(expected));
    expect(JSON.stringify(built)).toBe(JSON.stringify(expected));
  });

  it("reads the vendor's own Charge a Credit Card example (API reference) as an approval", () => {
    const text = fixtureText('authcapture.approved.response.vendor.json');
    const r = readAnswer(answerOf(text), {
      amountCents: 500,
      tipCents: 0,
      card: { number: '4111111111111111', expiry: '1230' },
    });
    expect(r).toMatchObject({
      approved: true,
      retref: '2157047189',
      authCode: 'HW617E',
      cardLast4: '1111',
      cardType: 'VISA',
      avsResult: 'Y',
      cvvResult: null,
      responseCode: '1',
    });
    expect(shortfallOf(answerOf(text), 500)).toBeNull();
  });

  it('the authOnly fixture follows the schema order (every element a subsequence of it)', () => {
    const lists = SCHEMA_ORDER as Record<string, readonly string[]>;
    const check = (name: string, value: unknown): void => {
      if (Array.isArray(value)) return value.forEach((v) => check(name, v));
      if (typeof value !== 'object' || value === null) return;
      const keys = Object.keys(value);
      const order = lists[name];
      if (order) {
        const positions = keys.map((k) => order.indexOf(k));
        expect(
          positions.every((p) => p >= 0),
          `${name}: ${keys.join(',')}`,
        ).toBe(true);
        expect(positions, name).toEqual([...positions].sort((a, b) => a - b));
      }
      for (const k of keys) check(k, (value as Record<string, unknown>)[k]);
    };
    check('root', fixtureJson('authonly.request.json'));
  });

  it('keeps the BOM in the approved answer and reads it', () => {
    const text = fixtureText('authonly.approved.response.json');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(() => JSON.parse(text) as unknown).toThrow();
    const r = readAnswer(answerOf(text), {
      amountCents: 500,
      tipCents: 0,
      card: { number: '5424000000000015', expiry: '1230' },
    });
    expect(r).toEqual({
      approved: true,
      amountCents: 500,
      tipCents: 0,
      cardNumber: '************0015',
      cardLast4: '0015',
      cardExpiry: '1230',
      cardType: 'MC',
      authCode: '7M6LIT',
      retref: '2228545782',
      avsResult: 'Y',
      cvvResult: 'P',
      responseCode: '1',
      message: 'This transaction has been approved.',
    });
  });

  it('reads the void and refund answers (with or without a BOM)', () => {
    for (const bom of ['', '\uFEFF']) {
      const v = readAnswer(answerOf(bom + fixtureText('void.response.json')), {
        amountCents: 0,
        tipCents: 0,
      });
      expect(v).toMatchObject({ retref: '2230581408', authCode: 'QCG7TB', cardType: 'VISA' });
      expect(v.cardNumber).toBe('************1111');
      const r = readAnswer(answerOf(bom + fixtureText('refund.response.json')), {
        amountCents: 500,
        tipCents: 0,
        cardLast4: '1111',
      });
      expect(r).toMatchObject({ retref: '2230581367', amountCents: 500, cardLast4: '1111' });
    }
  });

  it.each([
    ['declined.response.json', GatewayDeclined, { reason: 'declined', responseCode: '2' }],
    ['duplicate.response.json', GatewayDeclined, { reason: 'invalid', responseCode: '11' }],
    ['refund-unsettled.response.json', GatewayDeclined, { reason: 'invalid', responseCode: '54' }],
    [
      'e00007.response.json',
      GatewayUnavailable,
      { message: 'Authorize.Net credentials were refused (E00007)' },
    ],
  ] as const)('reads %s as the right error', (name, type, expected) => {
    let caught: unknown;
    try {
      readAnswer(answerOf(`\uFEFF${fixtureText(name)}`), { amountCents: 500, tipCents: 0 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(type);
    expect(caught).toMatchObject(expected);
  });

  it('never takes a half answer for an approval', () => {
    const text = fixtureText('authonly.approved.response.json');
    const ctx = { amountCents: 500, tipCents: 0 };
    expect(() => readAnswer(answerOf(text.slice(0, text.length / 2)), ctx)).toThrow(
      GatewayUnknownOutcome,
    );
    // responseCode 1 under resultCode "Error" contradicts itself: not an approval either.
    const mixed = text.replace('"resultCode": "Ok"', '"resultCode": "Error"');
    expect(() => readAnswer(answerOf(mixed), ctx)).toThrow(GatewayUnknownOutcome);
    expect(() => readAnswer({ ...answerOf(text), status: 502 }, ctx)).toThrow(
      GatewayUnknownOutcome,
    );
  });
});
