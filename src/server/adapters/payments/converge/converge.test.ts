// The Converge adapter against the local fake (tests/fakes/converge.ts): the hosted session, the
// server-side confirmation, the XML API follow-ups and every way a call can fail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERGE_FAKE_CARDS,
  FAKE_CONVERGE_CREDENTIALS,
  type FakeConverge,
  startConvergeFake,
} from '../../../../../tests/fakes/converge.js';
import { startFakeServer } from '../../../../../tests/fakes/http.js';
import type { Db } from '../../../db/client.js';
import {
  GatewayDeclined,
  type GatewayEnv,
  type GatewayError,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type HostedPayments,
  type PaymentGateway,
} from '../types.js';
import { type ConvergeOptions, createConvergeGateway } from './converge.js';
import { convergeRefOf, orderRefFromConverge } from './wire.js';

const fakeCredentialFields = {
  ssl_merchant_id: FAKE_CONVERGE_CREDENTIALS.merchantId,
  ssl_user_id: FAKE_CONVERGE_CREDENTIALS.userId,
  ssl_pin: FAKE_CONVERGE_CREDENTIALS.pin,
};
import { buildTxnXml, parseConvergeXml } from './xml.js';

let fake: FakeConverge;
beforeAll(async () => {
  fake = await startConvergeFake();
});
afterAll(() => fake.close());

const creds = { ...FAKE_CONVERGE_CREDENTIALS } as Record<string, string>;
const env = (credentials: Record<string, string> | null = creds): GatewayEnv => ({
  merchantId: randomUUID(),
  credentials,
  db: undefined as unknown as Db,
  now: new Date(),
});
const converge = (over: ConvergeOptions = {}): PaymentGateway & { hosted: HostedPayments } => {
  const gw = createConvergeGateway({ baseUrl: fake.baseUrl, timeoutMs: 2000, ...over });
  return gw as PaymentGateway & { hosted: HostedPayments };
};

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

/** A session for a new order, paid in the fake's Lightbox with `card`. */
async function paid(amountCents = 1234, card: string = CONVERGE_FAKE_CARDS.approve) {
  const orderRef = randomUUID();
  const { token } = await converge().hosted.createSession(env(), { orderRef, amountCents });
  const resp = fake.pay(token, { number: card });
  return { orderRef, amountCents, resp, txnId: resp.ssl_txn_id! };
}

/** An order paid and confirmed: the authorisation the core holds. */
async function authorized(amountCents = 1234) {
  const p = await paid(amountCents);
  const result = await converge().hosted.confirm(env(), {
    orderRef: p.orderRef,
    transactionId: p.txnId,
    amountCents,
  });
  return { ...p, result };
}

describe('order references on the wire', () => {
  it('sends a uuid as 25 base-36 characters and reads it back', () => {
    const id = randomUUID();
    const ref = convergeRefOf(id)!;
    expect(ref).toMatch(/^[0-9A-Z]{25}$/);
    expect(orderRefFromConverge(ref)).toBe(id);
    expect(convergeRefOf('ffffffff-ffff-ffff-ffff-ffffffffffff')).toHaveLength(25);
    expect(convergeRefOf('order-1')).toBe('order-1');
    expect(convergeRefOf('x'.repeat(25))).toBeNull();
    expect(convergeRefOf('a<b')).toBeNull();
  });
});

describe('hosted session (transaction_token)', () => {
  it('opens a ccauthonly token for the amount in dollars, tagged with the order id', async () => {
    const orderRef = randomUUID();
    const { token } = await converge().hosted.createSession(env(), { orderRef, amountCents: 1234 });
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/hosted-payments/transaction_token');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(req.body));
    expect(form).toEqual({
      ssl_merchant_id: creds.merchantId,
      ssl_user_id: creds.userId,
      ssl_pin: creds.pin,
      ssl_transaction_type: 'ccauthonly',
      ssl_amount: '12.34',
      ssl_invoice_number: convergeRefOf(orderRef),
      ssl_merchant_txn_id: convergeRefOf(orderRef),
    });
    expect(fake.tokens.get(token)).toMatchObject({
      type: 'ccauthonly',
      amountCents: 1234,
      invoice: convergeRefOf(orderRef),
    });
  });

  it('formats whole dollars and single cents with two decimals', async () => {
    for (const [cents, wire] of [
      [100, '1.00'],
      [5, '0.05'],
      [100_000, '1000.00'],
    ] as const) {
      await converge().hosted.createSession(env(), { orderRef: randomUUID(), amountCents: cents });
      expect(new URLSearchParams(fake.requests.at(-1)!.body).get('ssl_amount')).toBe(wire);
    }
  });

  it('refuses a zero amount and an unsendable order reference without calling Converge', async () => {
    const before = fake.requests.length;
    const zero = await failure(
      converge().hosted.createSession(env(), { orderRef: randomUUID(), amountCents: 0 }),
      GatewayDeclined,
    );
    expect(zero.reason).toBe('invalid');
    await failure(
      converge().hosted.createSession(env(), { orderRef: '<order/>', amountCents: 100 }),
      GatewayDeclined,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('bad credentials: unavailable, and the PIN appears in no message', async () => {
    const wrong = { ...creds, pin: `WRONG${'9'.repeat(59)}` };
    const err = await failure(
      converge().hosted.createSession(env(wrong), { orderRef: randomUUID(), amountCents: 500 }),
      GatewayUnavailable,
    );
    expect(err.message).toBe('Converge credentials were refused');
    expect(err.message).not.toContain(wrong.pin);
  });

  it('no credentials, or unusable ones: unavailable without a call', async () => {
    const before = fake.requests.length;
    const none = await failure(
      converge().hosted.createSession(env(null), { orderRef: randomUUID(), amountCents: 500 }),
      GatewayUnavailable,
    );
    expect(none.message).toBe('Converge credentials are not set');
    await failure(
      converge().capture(env({ userId: 'x' }), { retref: 'T', amountCents: 1, tipCents: 0 }),
      GatewayUnavailable,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('a token call that fails in any way is unavailable: it moved no money', async () => {
    fake.fault({ kind: 'status', status: 500 }, { on: 'token' });
    await failure(
      converge().hosted.createSession(env(), { orderRef: randomUUID(), amountCents: 500 }),
      GatewayUnavailable,
    );
    fake.fault({ kind: 'hang', ms: 1500 }, { on: 'token' });
    await failure(
      converge({ timeoutMs: 300 }).hosted.createSession(env(), {
        orderRef: randomUUID(),
        amountCents: 500,
      }),
      GatewayUnavailable,
    );
    fake.fault({ kind: 'garbage' }, { on: 'token' });
    const html = await failure(
      converge().hosted.createSession(env(), { orderRef: randomUUID(), amountCents: 500 }),
      GatewayUnavailable,
    );
    expect(html.message).toBe('Converge did not issue a payment token');
  });

  it('serves the script URL of the fake, or of the environment without one', () => {
    expect(converge().hosted.scriptUrl(env())).toBe(
      `${fake.baseUrl}/hosted-payments/PayWithConverge.js`,
    );
    const real = createConvergeGateway().hosted!;
    expect(real.scriptUrl(env())).toBe(
      'https://api.demo.convergepay.com/hosted-payments/PayWithConverge.js',
    );
    expect(real.scriptUrl(env({ ...creds, environment: 'production' }))).toBe(
      'https://api.convergepay.com/hosted-payments/PayWithConverge.js',
    );
  });

  it('the fake serves its Lightbox script to any origin', async () => {
    const res = await fetch(converge().hosted.scriptUrl(env()));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('window.PayWithConverge = { open: open }');
  });
});

describe('confirm (txnquery) — the browser word is never taken', () => {
  it('approves a paid transaction of this order and amount', async () => {
    const p = await paid(2599);
    const result = await converge().hosted.confirm(env(), {
      orderRef: p.orderRef,
      transactionId: p.txnId,
      amountCents: 2599,
    });
    expect(result).toMatchObject({
      approved: true,
      amountCents: 2599,
      retref: p.txnId,
      cardLast4: '1111',
      cardNumber: '************1111',
      cardType: 'VISA',
      cardExpiry: '1230',
      authCode: p.resp.ssl_approval_code,
      avsResult: 'Y',
      cvvResult: 'M',
    });
    const sent = fake.xmlRequests.at(-1)!;
    expect(sent).toMatchObject({ ssl_transaction_type: 'txnquery', ssl_txn_id: p.txnId });
    expect(fake.requests.at(-1)!.url.pathname).toBe('/VirtualMerchantDemo/processxml.do');
  });

  it('declines a transaction paid for another order', async () => {
    const p = await paid(1234);
    const err = await failure(
      converge().hosted.confirm(env(), {
        orderRef: randomUUID(),
        transactionId: p.txnId,
        amountCents: 1234,
      }),
      GatewayDeclined,
    );
    expect(err.message).toBe('The Converge transaction is for another order');
  });

  it('declines a partial approval and deletes it (ccdelete): no money held (issue 30)', async () => {
    const p = await paid(1234);
    const err = await failure(
      converge().hosted.confirm(env(), {
        orderRef: p.orderRef,
        transactionId: p.txnId,
        amountCents: 1235,
      }),
      GatewayDeclined,
    );
    expect(err).toMatchObject({
      reason: 'insufficient_funds',
      message: 'Partial approval: the card does not cover the full amount',
    });
    expect(fake.xmlRequests.at(-1)).toMatchObject({
      ssl_transaction_type: 'ccdelete',
      ssl_txn_id: p.txnId,
    });
    expect(fake.transactions.get(p.txnId)!.state).toBe('deleted');
  });

  it('declines a transaction of another (larger) amount and deletes it (issue 30)', async () => {
    const p = await paid(1234);
    const err = await failure(
      converge().hosted.confirm(env(), {
        orderRef: p.orderRef,
        transactionId: p.txnId,
        amountCents: 1233,
      }),
      GatewayDeclined,
    );
    expect(err.message).toBe('The Converge transaction is for another amount');
    expect(fake.transactions.get(p.txnId)!.state).toBe('deleted');
  });

  it('a partial approval whose ccdelete fails is an unknown outcome, never a plain decline', async () => {
    const p = await paid(1234);
    fake.setMissingRights(['voidDelete']);
    try {
      const err = await failure(
        converge().hosted.confirm(env(), {
          orderRef: p.orderRef,
          transactionId: p.txnId,
          amountCents: 1300,
        }),
        GatewayUnknownOutcome,
      );
      expect(err.message).toMatch(/could not be released/);
      expect(fake.transactions.get(p.txnId)!.state).toBe('open');
    } finally {
      fake.setMissingRights([]);
    }
  });

  it('a look-up refused for lack of "Batches - View" is unavailable, not a decline (issue 30)', async () => {
    const p = await paid(1234);
    fake.setMissingRights(['batchesView']);
    try {
      const err = await failure(
        converge().hosted.confirm(env(), {
          orderRef: p.orderRef,
          transactionId: p.txnId,
          amountCents: 1234,
        }),
        GatewayUnavailable,
      );
      expect(err.message).toMatch(/Batches - View/);
    } finally {
      fake.setMissingRights([]);
    }
  });

  it('never deletes a transaction of another order the browser names', async () => {
    const p = await paid(1234);
    await failure(
      converge().hosted.confirm(env(), {
        orderRef: '7c0c6a2e-8d1b-4c3a-9e7f-0a1b2c3d4e5f',
        transactionId: p.txnId,
        amountCents: 999,
      }),
      GatewayDeclined,
    );
    expect(fake.transactions.get(p.txnId)!.state).toBe('open');
  });

  it('declines a declined payment, with the reason when funds were short', async () => {
    const d = await paid(1234, CONVERGE_FAKE_CARDS.decline);
    expect(d.resp.ssl_result).toBe('1');
    const err = await failure(
      converge().hosted.confirm(env(), {
        orderRef: d.orderRef,
        transactionId: d.txnId,
        amountCents: 1234,
      }),
      GatewayDeclined,
    );
    expect(err).toMatchObject({ reason: 'declined', message: 'DECLINED' });
    const nsf = await paid(1234, CONVERGE_FAKE_CARDS.insufficientFunds);
    const short = await failure(
      converge().hosted.confirm(env(), {
        orderRef: nsf.orderRef,
        transactionId: nsf.txnId,
        amountCents: 1234,
      }),
      GatewayDeclined,
    );
    expect(short.reason).toBe('insufficient_funds');
  });

  it('declines an unknown transaction and one already voided', async () => {
    const err = await failure(
      converge().hosted.confirm(env(), {
        orderRef: randomUUID(),
        transactionId: '010125FK1-NOT-A-REAL-ONE',
        amountCents: 100,
      }),
      GatewayDeclined,
    );
    expect(err.message).toBe('Converge has no such transaction');
    const p = await paid(700);
    await converge().void(env(), { retref: p.txnId, orderRef: p.orderRef });
    await failure(
      converge().hosted.confirm(env(), {
        orderRef: p.orderRef,
        transactionId: p.txnId,
        amountCents: 700,
      }),
      GatewayDeclined,
    );
  });

  it('AVS N or CVV N approvals are refused by the verification policy', async () => {
    const gw = converge();
    for (const [card, reason] of [
      [CONVERGE_FAKE_CARDS.avsMismatch, 'avs'],
      [CONVERGE_FAKE_CARDS.cvvMismatch, 'cvv'],
    ] as const) {
      const p = await paid(900, card);
      const result = await gw.hosted.confirm(env(), {
        orderRef: p.orderRef,
        transactionId: p.txnId,
        amountCents: 900,
      });
      expect(gw.acceptsVerification(result)).toEqual({ ok: false, reason });
    }
    const ok = await authorized(900);
    expect(gw.acceptsVerification(ok.result)).toEqual({ ok: true });
  });

  it('a look-up that times out or fails is an unknown outcome: the money may be held', async () => {
    const p = await paid(1234);
    const req = { orderRef: p.orderRef, transactionId: p.txnId, amountCents: 1234 };
    fake.fault({ kind: 'hang', ms: 1500 });
    await failure(converge({ timeoutMs: 300 }).hosted.confirm(env(), req), GatewayUnknownOutcome);
    fake.fault({ kind: 'status', status: 503 });
    await failure(converge().hosted.confirm(env(), req), GatewayUnknownOutcome);
    // Once Converge answers again, the same look-up approves.
    expect((await converge().hosted.confirm(env(), req)).approved).toBe(true);
  });

  it('with the confirmation turned off (experimental setting), the hosted flow refuses', async () => {
    const p = await paid(1234);
    const before = fake.requests.length;
    const off = converge({ confirmation: false });
    await failure(
      off.hosted.createSession(env(), { orderRef: randomUUID(), amountCents: 100 }),
      GatewayUnavailable,
    );
    await failure(
      off.hosted.confirm(env(), {
        orderRef: p.orderRef,
        transactionId: p.txnId,
        amountCents: 1234,
      }),
      GatewayUnavailable,
    );
    expect(fake.requests.length).toBe(before);
  });
});

describe('the API user’s rights, checked when the credentials are saved (issue 30)', () => {
  it('passes with every right, moving no money', async () => {
    const before = fake.transactions.size;
    expect(await converge().checkCredentials!(env())).toEqual({ ok: true });
    expect(fake.transactions.size).toBe(before);
    expect(fake.xmlRequests.slice(-3).map((r) => r.ssl_transaction_type)).toEqual([
      'txnquery',
      'ccdelete',
      'cccomplete',
    ]);
  });

  it.each([
    ['batchesView', 'Batches - View'],
    ['voidDelete', 'Batches-Void Delete'],
    ['batchEdit', 'Batches - Edit'],
  ] as const)('names the missing right %s', async (right, name) => {
    fake.setMissingRights([right]);
    try {
      const verdict = await converge().checkCredentials!(env());
      expect(verdict.ok).toBe(false);
      expect(verdict.ok === false && verdict.message).toContain(`"${name}"`);
    } finally {
      fake.setMissingRights([]);
    }
  });
});

describe('XML API follow-ups', () => {
  it('capture completes the whole auth (cccomplete) leaving the amount out [S-EV13]', async () => {
    const a = await authorized(1234);
    const result = await converge().capture(env(), {
      retref: a.txnId,
      amountCents: 1234,
      tipCents: 0,
    });
    expect(fake.xmlRequests.at(-1)).toEqual({
      ...fakeCredentialFields,
      ssl_transaction_type: 'cccomplete',
      ssl_txn_id: a.txnId,
    });
    expect(result).toMatchObject({ approved: true, amountCents: 1234, retref: a.txnId });
    expect(fake.transactions.get(a.txnId)).toMatchObject({
      state: 'completed',
      completedCents: 1234,
    });
  });

  it('capture of part of the auth sends that amount (a partial completion [S-EV13])', async () => {
    const a = await authorized(1234);
    await converge().capture(env(), { retref: a.txnId, amountCents: 1000, tipCents: 0 });
    expect(fake.xmlRequests.at(-1)).toMatchObject({
      ssl_transaction_type: 'cccomplete',
      ssl_amount: '10.00',
    });
    expect(fake.transactions.get(a.txnId)).toMatchObject({ completedCents: 1000 });
  });

  it('capture above the authorised amount is refused before the call', async () => {
    const a = await authorized(1000);
    const err = await failure(
      converge().capture(env(), { retref: a.txnId, amountCents: 1001, tipCents: 1 }),
      GatewayDeclined,
    );
    expect(err).toMatchObject({ reason: 'not_allowed' });
    expect(fake.xmlRequests.at(-1)!.ssl_transaction_type).toBe('txnquery');
    expect(fake.transactions.get(a.txnId)!.state).toBe('open');
  });

  it('void deletes the auth (ccdelete); a second void is refused', async () => {
    const a = await authorized(1500);
    const result = await converge().void(env(), { retref: a.txnId, orderRef: a.orderRef });
    expect(fake.xmlRequests.at(-1)).toMatchObject({
      ssl_transaction_type: 'ccdelete',
      ssl_txn_id: a.txnId,
    });
    expect(result.approved).toBe(true);
    expect(result.retref).not.toBe(a.txnId);
    expect(fake.transactions.get(a.txnId)!.state).toBe('deleted');
    const again = await failure(
      converge().void(env(), { retref: a.txnId, orderRef: a.orderRef }),
      GatewayDeclined,
    );
    expect(again.responseCode).toBe('5040');
  });

  it('refund returns part of a captured charge (ccreturn), never more than was taken', async () => {
    const a = await authorized(2000);
    await converge().capture(env(), { retref: a.txnId, amountCents: 2000, tipCents: 0 });
    const refund = await converge().refund(env(), { retref: a.txnId, amountCents: 500 });
    expect(fake.xmlRequests.at(-1)).toMatchObject({
      ssl_transaction_type: 'ccreturn',
      ssl_txn_id: a.txnId,
      ssl_amount: '5.00',
    });
    expect(refund).toMatchObject({ approved: true, amountCents: 500 });
    expect(fake.transactions.get(a.txnId)!.refundedCents).toBe(500);
    await failure(
      converge().refund(env(), { retref: a.txnId, amountCents: 1501 }),
      GatewayDeclined,
    );
    expect(fake.transactions.get(a.txnId)!.refundedCents).toBe(500);
  });

  it('refund of an auth not yet captured is declined', async () => {
    const a = await authorized(800);
    await failure(converge().refund(env(), { retref: a.txnId, amountCents: 800 }), GatewayDeclined);
  });

  it('uses the production XML path for production credentials', async () => {
    const gw = converge();
    await failure(
      gw.capture(env({ ...creds, environment: 'production' }), {
        retref: 'NONE',
        amountCents: 100,
        tipCents: 0,
      }),
      GatewayDeclined,
    );
    expect(fake.requests.at(-1)!.url.pathname).toBe('/VirtualMerchant/processxml.do');
  });

  it('4025 Invalid Credentials on the XML API is unavailable, without the PIN', async () => {
    const wrong = { ...creds, userId: 'someoneelse' };
    const err = await failure(
      converge().refund(env(wrong), { retref: 'T', amountCents: 100 }),
      GatewayUnavailable,
    );
    expect(err.message).toBe('Converge credentials were refused');
    expect(err.message).not.toContain(creds.pin);
  });

  it('5xx, time-out, cut-off and garbage answers on a money-moving call are unknown outcomes', async () => {
    const a = await authorized(1234);
    // Twice: the capture's look-up of the authorised amount, then the cccomplete itself.
    fake.fault({ kind: 'status', status: 500 }, { times: 2 });
    await failure(
      converge().capture(env(), { retref: a.txnId, amountCents: 1234, tipCents: 0 }),
      GatewayUnknownOutcome,
    );
    expect(fake.transactions.get(a.txnId)!.state).toBe('open');
    fake.fault({ kind: 'hang', ms: 1500 }, { times: 2 });
    await failure(
      converge({ timeoutMs: 300 }).capture(env(), {
        retref: a.txnId,
        amountCents: 1234,
        tipCents: 0,
      }),
      GatewayUnknownOutcome,
    );
    // The time-out hid a completion that did happen: why the outcome is "unknown".
    expect(fake.transactions.get(a.txnId)!.state).toBe('completed');
    fake.fault({ kind: 'truncate' });
    await failure(
      converge().refund(env(), { retref: a.txnId, amountCents: 100 }),
      GatewayUnknownOutcome,
    );
    const b = await authorized(600);
    fake.fault({ kind: 'garbage' });
    await failure(
      converge().void(env(), { retref: b.txnId, orderRef: b.orderRef }),
      GatewayUnknownOutcome,
    );
  });

  it('a closed port is unavailable: nothing was sent', async () => {
    const gone = await startFakeServer(async () => ({ status: 200, text: '' }));
    const baseUrl = gone.baseUrl;
    await gone.close();
    const gw = createConvergeGateway({ baseUrl, timeoutMs: 2000 });
    await failure(
      gw.capture(env(), { retref: 'T', amountCents: 100, tipCents: 0 }),
      GatewayUnavailable,
    );
    await failure(
      gw.hosted!.createSession(env(), { orderRef: randomUUID(), amountCents: 100 }),
      GatewayUnavailable,
    );
  });
});

describe('what Converge does not do here', () => {
  const card = {
    number: '4111111111111111',
    expiry: '1230',
    cvv: '123',
    billingStreet: '1 Main St',
    billingZip: '10001',
  };

  it('authorize and sale with a card are refused: cards go to the Lightbox only', async () => {
    const before = fake.requests.length;
    for (const call of ['authorize', 'sale'] as const) {
      const err = await failure(
        converge()[call](env(), { orderRef: randomUUID(), amountCents: 100, tipCents: 0, card }),
        GatewayDeclined,
      );
      expect(err.reason).toBe('not_allowed');
      expect(err.message).toMatch(/own payment page/);
      expect(err.message).not.toContain(card.number);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('tip adjustment is not offered', async () => {
    const gw = converge();
    expect(gw.capabilities).toEqual({
      flow: 'auth_capture',
      void: true,
      tipAdjust: 'none',
      refund: true,
      recovery: 'flag',
    });
    expect(gw.provider).toBe('elavon');
    const err = await failure(
      gw.tipAdjust(env(), { retref: 'T', tipCents: 100, amountCents: 1100 }),
      GatewayDeclined,
    );
    expect(err.reason).toBe('not_allowed');
  });
});

describe('XML escaping', () => {
  const hostile =
    'X</ssl_txn_id><ssl_transaction_type>ccreturn</ssl_transaction_type><ssl_amount>999.00</ssl_amount><ssl_txn_id>Y';

  it('a hostile transaction id stays one text value: no element is injected', async () => {
    await failure(
      converge().capture(env(), { retref: hostile, amountCents: 100, tipCents: 0 }),
      GatewayDeclined,
    );
    expect(fake.xmlRequests.at(-1)).toEqual({
      ssl_merchant_id: creds.merchantId,
      ssl_user_id: creds.userId,
      ssl_pin: creds.pin,
      ssl_transaction_type: 'cccomplete',
      ssl_txn_id: hostile,
      ssl_amount: '1.00',
    });
    // What a browser could post as its transaction id (under 100 characters, no spaces).
    const fromBrowser = `Z</ssl_txn_id><ssl_transaction_type>ccreturn</ssl_transaction_type>&"'`;
    await failure(
      converge().hosted.confirm(env(), {
        orderRef: randomUUID(),
        transactionId: fromBrowser,
        amountCents: 100,
      }),
      GatewayDeclined,
    );
    expect(fake.xmlRequests.at(-1)).toMatchObject({
      ssl_transaction_type: 'txnquery',
      ssl_txn_id: fromBrowser,
    });
  });

  it('escapes the five special characters and drops characters XML cannot carry', () => {
    const xml = buildTxnXml([['ssl_description', `a&b<c>d"e'f\u0000g`]]);
    expect(xml).toBe(
      '<txn><ssl_description>a&amp;b&lt;c&gt;d&quot;e&apos;fg</ssl_description></txn>',
    );
    expect(parseConvergeXml(xml)).toEqual({
      kind: 'txn',
      fields: { ssl_description: `a&b<c>d"e'fg` },
    });
    expect(() => buildTxnXml([['<x>', 'v']])).toThrow();
  });

  it('refuses answers with a document type, a repeated field, or a cut-off body', () => {
    expect(
      parseConvergeXml('<!DOCTYPE txn [<!ENTITY x "y">]><txn><ssl_result>&x;</ssl_result></txn>'),
    ).toBeNull();
    expect(
      parseConvergeXml('<txn><ssl_result>0</ssl_result><ssl_result>1</ssl_result></txn>'),
    ).toBeNull();
    expect(parseConvergeXml('<txn><ssl_result>0</ssl_result><ssl_txn_id>abc')).toBeNull();
    expect(parseConvergeXml('<html><body>502 Bad Gateway')).toBeNull();
  });
});
