// Golden fixtures (tests/fixtures/gateways/transit/*.json), reconstructed from the client code and
// transcripts docs/protocols/transit.md cites; each file names its source. For a fixed input the
// adapter's request deep-equals the fixture's request (minus `uncontrolled` fields), and the
// fixture's response, served as TransIT serves it (ISO-8859-1 JSON), gives the expected result or
// error.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../../../tests/fakes/http.js';
import { FAKE_TRANSIT } from '../../../../../tests/fakes/transit.js';
import type { TransitKeyRequest } from '../../../../contract/payment-credentials.js';
import type { Db } from '../../../db/client.js';
import { projectRoot } from '../../../lib/paths.js';
import type { AuthorizeRequest, GatewayEnv, PaymentResult } from '../types.js';
import { createTransitGateway } from './gateway.js';
import { TransitKeyError, generateTransitKey } from './generate-key.js';

interface Fixture {
  file: string;
  source: string;
  provider?: 'tsys' | 'tsys2';
  call: 'authorize' | 'sale' | 'capture' | 'void' | 'refund' | 'tipAdjust' | 'generateKey';
  input: Record<string, unknown>;
  request?: Record<string, Record<string, string>>;
  uncontrolled?: string[];
  response: unknown;
  expect: {
    result?: Partial<PaymentResult>;
    verification?: { ok: boolean; reason?: string };
    error?: { kind: string; reason?: string; responseCode?: string; message?: string };
    key?: string;
  };
}

const dir = join(projectRoot, 'tests/fixtures/gateways/transit');
const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as object) }))
  .map((f) => f as Fixture);

let server: FakeServer;
let current: unknown = null;
beforeAll(async () => {
  server = await startFakeServer(async () => ({
    status: 200,
    raw: Buffer.from(JSON.stringify(current), 'latin1'),
    contentType: 'application/json;charset=ISO-8859-1',
  }));
});
afterAll(() => server.close());

const env: GatewayEnv = {
  merchantId: 'merchant-1',
  credentials: {
    deviceId: FAKE_TRANSIT.deviceId,
    transactionKey: FAKE_TRANSIT.transactionKey,
    environment: 'stage',
  },
  db: undefined as unknown as Db,
  now: new Date(),
};

async function run(fx: Fixture): Promise<unknown> {
  const baseUrl = server.baseUrl;
  if (fx.call === 'generateKey') {
    return generateTransitKey(fx.input as unknown as TransitKeyRequest, { baseUrl });
  }
  const gw = createTransitGateway({ provider: fx.provider ?? 'tsys', baseUrl, timeoutMs: 2000 });
  const input = fx.input as never;
  switch (fx.call) {
    case 'authorize':
      return gw.authorize(env, fx.input as unknown as AuthorizeRequest);
    case 'sale':
      return gw.sale(env, fx.input as unknown as AuthorizeRequest);
    case 'capture':
      return gw.capture(env, input);
    case 'void':
      return gw.void(env, input);
    case 'refund':
      return gw.refund(env, input);
    case 'tipAdjust':
      return gw.tipAdjust(env, input);
  }
}

describe('TransIT golden fixtures', () => {
  it('every fixture names its source', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    for (const fx of fixtures) expect(fx.source, fx.file).toMatch(/\[S-TS\d\]/);
  });

  it.each(fixtures.map((fx) => [fx.file, fx] as const))('%s', async (_file, fx) => {
    current = fx.response;
    const before = server.requests.length;
    let outcome: unknown;
    let error: unknown;
    try {
      outcome = await run(fx);
    } catch (err) {
      error = err;
    }
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(1); // one exchange: no retry, no void
    if (fx.request) {
      const body = JSON.parse(sent[0]!.body) as Record<string, Record<string, string>>;
      for (const path of fx.uncontrolled ?? []) {
        const [op, field] = path.split('.');
        delete body[op!]?.[field!];
        delete fx.request[op!]?.[field!];
      }
      expect(body).toEqual(fx.request);
    }
    if (fx.expect.error) {
      const e = fx.expect.error;
      if (e.kind === 'key') {
        expect(error).toBeInstanceOf(TransitKeyError);
        expect(error).toMatchObject({ responseCode: e.responseCode, message: e.message });
      } else {
        expect(error).toMatchObject({
          kind: e.kind,
          ...(e.reason ? { reason: e.reason } : {}),
          ...(e.responseCode ? { responseCode: e.responseCode } : {}),
        });
      }
      return;
    }
    expect(error).toBeUndefined();
    if (fx.expect.key) expect(outcome).toEqual({ transactionKey: fx.expect.key });
    if (fx.expect.result) expect(outcome).toMatchObject(fx.expect.result);
    if (fx.expect.verification) {
      const gw = createTransitGateway({ provider: fx.provider ?? 'tsys' });
      expect(gw.acceptsVerification(outcome as PaymentResult)).toEqual(fx.expect.verification);
    }
  });
});
