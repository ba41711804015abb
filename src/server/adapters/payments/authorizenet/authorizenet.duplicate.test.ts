// Issue 30, the duplicate case: the same charge reached Authorize.Net twice (an earlier copy
// whose answer was lost) and the vendor refuses the second as a duplicate (reason 11), naming the
// original since we pass duplicateWindow. The order is not paid by it, so the original is released
// before the decline; a duplicate answer naming no original is an unknown outcome, never a plain
// decline (money may be held).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ANET_KEY,
  FAKE_ANET_LOGIN,
  type FakeAuthorizeNet,
  startAuthorizeNetFake,
} from '../../../../../tests/fakes/authorizenet.js';
import { startFakeServer } from '../../../../../tests/fakes/http.js';
import type { Db } from '../../../db/client.js';
import { GatewayDeclined, type GatewayEnv, GatewayUnknownOutcome } from '../types.js';
import { createAuthorizeNetGateway } from './authorizenet.js';
import { vendorRef } from './request.js';

let fake: FakeAuthorizeNet;
beforeAll(async () => {
  fake = await startAuthorizeNetFake();
});
afterAll(() => fake.close());

const env: GatewayEnv = {
  merchantId: '00000000-0000-4000-8000-000000000001',
  credentials: {
    apiLoginId: FAKE_ANET_LOGIN,
    transactionKey: FAKE_ANET_KEY,
    environment: 'sandbox',
  },
  db: null as unknown as Db,
  now: new Date('2026-11-24T17:00:00Z'),
};
const charge = (orderRef: string) => ({
  orderRef,
  amountCents: 2345,
  tipCents: 0,
  card: {
    number: '4111111111111111',
    expiry: '1230',
    cvv: '900',
    billingStreet: '1 Main St',
    billingZip: '10013',
  },
});

describe('Authorize.Net duplicate refusal', () => {
  it('releases the original the duplicate names, then declines', async () => {
    const gw = createAuthorizeNetGateway({ baseUrl: fake.baseUrl, timeoutMs: 5000 });
    const orderRef = '7d9f3c2a-1b4e-4c8d-9a6f-00000000d001';
    fake.failNext('duplicate');
    const err = await gw.authorize(env, charge(orderRef)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GatewayDeclined);
    expect(err).toMatchObject({ responseCode: '11' });
    const mine = [...fake.transactions.values()].filter(
      (x) => x.invoiceNumber === vendorRef(orderRef),
    );
    expect(mine.map((x) => x.state)).toEqual(['voided']);
  });

  it('a duplicate naming no original is an unknown outcome', async () => {
    const vendorDuplicate = readFileSync(
      new URL(
        '../../../../../tests/fixtures/gateways/authorizenet/duplicate.response.json',
        import.meta.url,
      ),
      'utf8',
    );
    const server = await startFakeServer(async () => ({
      status: 200,
      raw: `\uFEFF${vendorDuplicate}`,
      contentType: 'application/json',
    }));
    try {
      const gw = createAuthorizeNetGateway({ baseUrl: server.baseUrl, timeoutMs: 5000 });
      await expect(
        gw.authorize(env, charge('7d9f3c2a-1b4e-4c8d-9a6f-00000000d002')),
      ).rejects.toBeInstanceOf(GatewayUnknownOutcome);
    } finally {
      await server.close();
    }
  });
});
