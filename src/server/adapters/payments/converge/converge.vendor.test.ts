// Issue 30: every request the Converge adapter sends, against the request tables of Elavon's own
// developer pages (tests/fixtures/gateways/converge/elavon-pages.fields.json, each type with its
// page): each field we send is one the page lists for that transaction type, and every field the
// page marks required is there. The adapter is driven through the local fake, which records what
// it receives.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CONVERGE_CREDENTIALS,
  type FakeConverge,
  startConvergeFake,
} from '../../../../../tests/fakes/converge.js';
import type { Db } from '../../../db/client.js';
import type { GatewayEnv, HostedPayments, PaymentGateway } from '../types.js';
import { createConvergeGateway } from './converge.js';

interface TypeFields {
  page: string;
  required: string[];
  optional: string[];
  right: string | null;
}
const pages = JSON.parse(
  readFileSync(
    new URL(
      '../../../../../tests/fixtures/gateways/converge/elavon-pages.fields.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as { source: string; types: Record<string, TypeFields> };

let fake: FakeConverge;
beforeAll(async () => {
  fake = await startConvergeFake();
});
afterAll(() => fake.close());

const env = (): GatewayEnv => ({
  merchantId: randomUUID(),
  credentials: { ...FAKE_CONVERGE_CREDENTIALS },
  db: undefined as unknown as Db,
  now: new Date(),
});
const gw = () =>
  createConvergeGateway({ baseUrl: fake.baseUrl, timeoutMs: 5000 }) as PaymentGateway & {
    hosted: HostedPayments;
  };

/** The fields of the requests `run` made, per transaction type (the token request included). */
async function sentBy(run: () => Promise<unknown>): Promise<Record<string, string>[]> {
  const xmlBefore = fake.xmlRequests.length;
  const httpBefore = fake.requests.length;
  await run();
  const tokenForms = fake.requests
    .slice(httpBefore)
    .filter((r) => r.url.pathname.endsWith('/transaction_token'))
    .map((r) => Object.fromEntries(new URLSearchParams(r.body)));
  return [...tokenForms, ...fake.xmlRequests.slice(xmlBefore)];
}

function expectDocumented(sent: Record<string, string>) {
  const type = sent.ssl_transaction_type!.toLowerCase();
  const doc = pages.types[type];
  expect(doc, `no Elavon page read for ${type}`).toBeDefined();
  const allowed = new Set([...doc!.required, ...doc!.optional]);
  expect(
    Object.keys(sent).filter((k) => !allowed.has(k)),
    `${type}: fields not on ${doc!.page}`,
  ).toEqual([]);
  for (const k of doc!.required) expect(sent[k], `${type} requires ${k}`).toBeTruthy();
}

describe('Converge requests against the Elavon pages', () => {
  it('every page named, with the user right the issue lists', () => {
    expect(pages.types.txnquery!.right).toBe('Batches - View');
    expect(pages.types.ccdelete!.right).toBe('Batches-Void Delete');
    expect(pages.types.cccomplete!.right).toMatch(/^Batches-Ed/);
    for (const t of Object.values(pages.types))
      expect(t.page).toMatch(/^https:\/\/developer\.elavon\.com\//);
  });

  it('the whole life of a payment: token, confirm, complete, return, and a delete', async () => {
    const orderRef = randomUUID();
    const sent: Record<string, string>[] = [];
    let token = '';
    sent.push(
      ...(await sentBy(async () => {
        ({ token } = await gw().hosted.createSession(env(), { orderRef, amountCents: 1234 }));
      })),
    );
    const paid = fake.pay(token);
    const txnId = paid.ssl_txn_id!;
    sent.push(
      ...(await sentBy(() =>
        gw().hosted.confirm(env(), { orderRef, transactionId: txnId, amountCents: 1234 }),
      )),
    );
    sent.push(
      ...(await sentBy(() =>
        gw().capture(env(), { retref: txnId, amountCents: 1234, tipCents: 0 }),
      )),
    );
    fake.settle(txnId);
    sent.push(...(await sentBy(() => gw().refund(env(), { retref: txnId, amountCents: 500 }))));
    // A second payment, released.
    const other = randomUUID();
    const s2 = await gw().hosted.createSession(env(), { orderRef: other, amountCents: 900 });
    const t2 = fake.pay(s2.token).ssl_txn_id!;
    sent.push(...(await sentBy(() => gw().void(env(), { retref: t2, orderRef: other }))));

    const types = sent.map((s) => s.ssl_transaction_type!.toLowerCase());
    for (const t of ['ccauthonly', 'txnquery', 'cccomplete', 'ccreturn', 'ccdelete'])
      expect(types, t).toContain(t);
    for (const s of sent) expectDocumented(s);
    // A full completion leaves the amount out, as the Completion page says.
    const complete = sent.find((s) => s.ssl_transaction_type === 'cccomplete')!;
    expect(complete.ssl_amount).toBeUndefined();
    // Our reference fits the page's 39 characters for ssl_merchant_txn_id.
    const tokenForm = sent.find((s) => s.ssl_transaction_type === 'ccauthonly')!;
    expect(tokenForm.ssl_merchant_txn_id!.length).toBeLessThanOrEqual(39);
  });
});
