// Issue 30: every gateway call gives up within 40 s (docs/decisions/payment-gateways.md
// "Time-outs"). Each real adapter is called against a loopback server, once with its own default
// and once asked for 120 s (the official Authorize.Net SDK's figure); the time limit each call
// armed is read from AbortSignal.timeout. The configuration refuses more than 40 s.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_ANET_KEY, FAKE_ANET_LOGIN } from '../../../../tests/fakes/authorizenet.js';
import {
  FAKE_CP_MERCHID,
  FAKE_CP_PASSWORD,
  FAKE_CP_SITE,
  FAKE_CP_USERNAME,
} from '../../../../tests/fakes/cardpointe.js';
import { FAKE_CONVERGE_CREDENTIALS } from '../../../../tests/fakes/converge.js';
import { type FakeServer, startFakeServer } from '../../../../tests/fakes/http.js';
import { FAKE_TRANSIT } from '../../../../tests/fakes/transit.js';
import { testConfig } from '../../../../tests/support/test-app.js';
import type { Db } from '../../db/client.js';
import { createAuthorizeNetGateway } from './authorizenet/authorizenet.js';
import { createCardPointeGateway } from './cardpointe/cardpointe.js';
import { createConvergeGateway } from './converge/index.js';
import { GATEWAY_TIMEOUT_CAP_MS } from './http.js';
import { createTransitGateway } from './transit/index.js';
import type { GatewayEnv, PaymentGateway } from './types.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer(async () => ({ status: 500, text: 'down' }));
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const CREDENTIALS: Record<string, Record<string, string>> = {
  cardPointe: {
    site: FAKE_CP_SITE,
    merchid: FAKE_CP_MERCHID,
    username: FAKE_CP_USERNAME,
    password: FAKE_CP_PASSWORD,
    environment: 'uat',
  },
  tsys: {
    deviceId: FAKE_TRANSIT.deviceId,
    transactionKey: FAKE_TRANSIT.transactionKey,
    environment: 'stage',
  },
  authorizeNet: {
    apiLoginId: FAKE_ANET_LOGIN,
    transactionKey: FAKE_ANET_KEY,
    environment: 'sandbox',
  },
  elavon: { ...FAKE_CONVERGE_CREDENTIALS },
};
const env = (credentials: Record<string, string>): GatewayEnv => ({
  merchantId: '00000000-0000-4000-8000-000000000001',
  credentials,
  db: {} as Db,
  now: new Date('2026-11-24T17:00:00Z'),
});

type Make = (o: { baseUrl: string; timeoutMs?: number }) => PaymentGateway;
const ADAPTERS: [string, Make][] = [
  ['cardPointe', (o) => createCardPointeGateway(o)],
  ['tsys', (o) => createTransitGateway({ provider: 'tsys', ...o })],
  ['authorizeNet', (o) => createAuthorizeNetGateway(o)],
  ['elavon', (o) => createConvergeGateway(o)],
];

/** The time limits the calls of `run` armed. */
async function limitsOf(run: () => Promise<unknown>): Promise<number[]> {
  const spy = vi.spyOn(AbortSignal, 'timeout');
  await run().catch(() => undefined); // the loopback answers 500: only the limits matter
  return spy.mock.calls.map(([ms]) => ms);
}

describe.each(ADAPTERS)('%s', (name, make) => {
  const call = (gw: PaymentGateway) =>
    gw.capture(env(CREDENTIALS[name]!), { retref: '123456789012', amountCents: 1234, tipCents: 0 });

  it('its own default is at most 40 s', async () => {
    const limits = await limitsOf(() => call(make({ baseUrl: server.baseUrl })));
    expect(limits.length).toBeGreaterThan(0);
    for (const ms of limits) expect(ms).toBeLessThanOrEqual(40_000);
  });

  it('asked for 120 s, still waits at most 40 s', async () => {
    const limits = await limitsOf(() =>
      call(make({ baseUrl: server.baseUrl, timeoutMs: 120_000 })),
    );
    expect(limits.length).toBeGreaterThan(0);
    for (const ms of limits) expect(ms).toBe(GATEWAY_TIMEOUT_CAP_MS);
  });
});

describe('GATEWAY_TIMEOUT_MS', () => {
  it('defaults to 40 s and refuses more', () => {
    expect(GATEWAY_TIMEOUT_CAP_MS).toBe(40_000);
    expect(testConfig().gateways.timeoutMs).toBe(40_000);
    expect(testConfig({ GATEWAY_TIMEOUT_MS: '40000' }).gateways.timeoutMs).toBe(40_000);
    expect(() => testConfig({ GATEWAY_TIMEOUT_MS: '40001' })).toThrow(/GATEWAY_TIMEOUT_MS/);
  });
});
