// Golden fixtures (tests/fixtures/gateways/converge/README.md): for a fixed input the adapter sends
// exactly the recorded request, and each recorded answer reads as the expected result or error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CONVERGE_CREDENTIALS } from '../../../../../tests/fakes/converge.js';
import {
  type FakeAnswer,
  type FakeServer,
  startFakeServer,
} from '../../../../../tests/fakes/http.js';
import type { Db } from '../../../db/client.js';
import { projectRoot } from '../../../lib/paths.js';
import {
  GatewayDeclined,
  type GatewayEnv,
  GatewayUnavailable,
  type HostedPayments,
  type PaymentGateway,
} from '../types.js';
import { createConvergeGateway } from './converge.js';
import { convergeLightboxOutcome, convergeLightboxResponse } from './lightbox-response.js';

const dir = join(projectRoot, 'tests/fixtures/gateways/converge');
const fixture = (name: string) => readFileSync(join(dir, name), 'utf8');
const ORDER = '5f0c6a2e-8d1b-4c3a-9e7f-0a1b2c3d4e5f';
const AUTH = '151125FK1-3B9E0C2A-7D4F-4E61-9A58-C0FFEE123456';

let server: FakeServer;
let next: FakeAnswer = { status: 200, text: '' };
beforeAll(async () => {
  server = await startFakeServer(async () => next);
});
afterAll(() => server.close());

const env: GatewayEnv = {
  merchantId: 'm',
  credentials: { ...FAKE_CONVERGE_CREDENTIALS },
  db: undefined as unknown as Db,
  now: new Date(),
};
const gateway = () =>
  createConvergeGateway({ baseUrl: server.baseUrl, timeoutMs: 2000 }) as PaymentGateway & {
    hosted: HostedPayments;
  };
const answering = (file: string) => {
  next = { status: 200, raw: fixture(file), contentType: 'text/xml' };
};
const sentXml = () => new URLSearchParams(server.requests.at(-1)!.body).get('xmldata');

describe('Converge golden requests and answers', () => {
  it('transaction_token: the form fields, in order', async () => {
    next = { status: 200, text: 'Q0FGRUJBQkUtdG9rZW4tZml4dHVyZQ==\n' };
    const { token } = await gateway().hosted.createSession(env, {
      orderRef: ORDER,
      amountCents: 1234,
    });
    expect(token).toBe('Q0FGRUJBQkUtdG9rZW4tZml4dHVyZQ==');
    const sent = [...new URLSearchParams(server.requests.at(-1)!.body).entries()];
    expect(sent).toEqual(Object.entries(JSON.parse(fixture('transaction-token.request.json'))));
  });

  it('txnquery request; its <txnlist> answer confirms the order', async () => {
    answering('txnquery.answer.xml');
    const result = await gateway().hosted.confirm(env, {
      orderRef: ORDER,
      transactionId: AUTH,
      amountCents: 1234,
    });
    expect(sentXml()).toBe(fixture('txnquery.request.xml').trim());
    expect(result).toEqual({
      approved: true,
      amountCents: 1234,
      tipCents: 0,
      cardNumber: '************1111',
      cardLast4: '1111',
      cardExpiry: '1230',
      cardType: 'VISA',
      authCode: '482913',
      retref: AUTH,
      avsResult: 'Y',
      cvvResult: 'M',
      responseCode: '0',
      message: 'APPROVAL',
    });
  });

  it('a plain <txn> approval with ssl_result also confirms; a declined one does not', async () => {
    answering('txn-approval.answer.xml');
    const ok = await gateway().hosted.confirm(env, {
      orderRef: ORDER,
      transactionId: AUTH,
      amountCents: 1234,
    });
    expect(ok).toMatchObject({ approved: true, authCode: '482913', responseCode: '0' });
    answering('txn-declined.answer.xml');
    const err = await gateway()
      .hosted.confirm(env, {
        orderRef: ORDER,
        transactionId: '151125FK1-0D5C1E55-2B1A-4A7E-8F00-DEC11BED0002',
        amountCents: 1234,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayDeclined);
    expect(err).toMatchObject({ responseCode: '1', message: 'DECLINED', reason: 'declined' });
  });

  it('cccomplete request and answer', async () => {
    answering('cccomplete.answer.xml');
    const result = await gateway().capture(env, { retref: AUTH, amountCents: 1234, tipCents: 0 });
    expect(sentXml()).toBe(fixture('cccomplete.request.xml').trim());
    expect(result).toMatchObject({
      approved: true,
      amountCents: 1234,
      retref: AUTH,
      authCode: '482913',
      cardLast4: '1111',
      avsResult: null,
      cvvResult: null,
      message: 'APPROVAL',
    });
  });

  it('ccdelete request and answer', async () => {
    answering('ccdelete.answer.xml');
    const result = await gateway().void(env, { retref: AUTH, orderRef: ORDER });
    expect(sentXml()).toBe(fixture('ccdelete.request.xml').trim());
    expect(result).toMatchObject({
      approved: true,
      amountCents: 1234,
      retref: '151125FK1-7A1D2E3F-4B5C-4D6E-8F90-DE1E7E000001',
    });
  });

  it('ccreturn request and answer', async () => {
    answering('ccreturn.answer.xml');
    const result = await gateway().refund(env, { retref: AUTH, amountCents: 500 });
    expect(sentXml()).toBe(fixture('ccreturn.request.xml').trim());
    expect(result).toMatchObject({
      approved: true,
      amountCents: 500,
      authCode: '094012',
      retref: '151125FK1-9C8B7A65-4321-4FED-BCA9-8765432100AB',
    });
  });

  it('errorCode 4025 is unavailable: the credentials were refused', async () => {
    answering('error-4025.answer.xml');
    const err = await gateway()
      .capture(env, { retref: AUTH, amountCents: 1234, tipCents: 0 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect((err as Error).message).toBe('Converge credentials were refused');
  });

  it('the Lightbox approval object matches the schema the browser posts back', () => {
    const resp = convergeLightboxResponse.parse(JSON.parse(fixture('lightbox-approval.resp.json')));
    expect(resp).toMatchObject({ ssl_result: '0', ssl_txn_id: AUTH, ssl_amount: '12.34' });
    expect(convergeLightboxResponse.parse({ ...resp, ssl_amount: 12.34 }).ssl_amount).toBe('12.34');
    expect(
      convergeLightboxResponse.safeParse({ ...resp, ssl_card_number: '4111111111111111' }).success,
    ).toBe(false);
    expect(convergeLightboxResponse.safeParse({ ...resp, ssl_txn_id: 'a<b' }).success).toBe(false);
    expect(convergeLightboxOutcome.parse({ outcome: 'cancelled' })).toEqual({
      outcome: 'cancelled',
    });
    expect(
      convergeLightboxOutcome.safeParse({ outcome: 'approval', response: { ssl_result: '0' } })
        .success,
    ).toBe(false);
  });
});
