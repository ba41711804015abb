// GenerateKey: the merchant's TransIT login exchanged for a transactionKey, on the server only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TRANSIT,
  type FakeTransit,
  startTransitFake,
} from '../../../../../tests/fakes/transit.js';
import type { Db } from '../../../db/client.js';
import { GatewayUnavailable } from '../types.js';
import { createTransitGateway } from './gateway.js';
import { TransitKeyError, generateTransitKey } from './generate-key.js';

let fake: FakeTransit;
beforeAll(async () => {
  fake = await startTransitFake();
});
afterAll(() => fake.close());

const login = {
  mid: FAKE_TRANSIT.mid,
  userId: FAKE_TRANSIT.userId,
  password: FAKE_TRANSIT.password,
  deviceId: FAKE_TRANSIT.deviceId,
  environment: 'stage' as const,
};

describe('generateTransitKey', () => {
  it('sends GenerateKey {mid, userID, password, deviceID} and returns a key that works', async () => {
    const { transactionKey } = await generateTransitKey(
      { ...login, developerId: '003524G001' },
      { baseUrl: fake.baseUrl },
    );
    expect(transactionKey).toMatch(/^[A-Z0-9]{32}$/);
    expect(fake.calls.at(-1)).toMatchObject({
      op: 'GenerateKey',
      fields: {
        mid: FAKE_TRANSIT.mid,
        userID: FAKE_TRANSIT.userId,
        password: FAKE_TRANSIT.password,
        deviceID: FAKE_TRANSIT.deviceId,
        developerID: '003524G001',
      },
    });
    expect(fake.calls.at(-1)!.fields.transactionKey).toBeUndefined();
    const sale = await createTransitGateway({ provider: 'tsys2', baseUrl: fake.baseUrl }).sale(
      {
        merchantId: 'm',
        credentials: { deviceId: FAKE_TRANSIT.deviceId, transactionKey, environment: 'stage' },
        db: undefined as unknown as Db,
        now: new Date(),
      },
      {
        orderRef: 'key-check',
        amountCents: 100,
        tipCents: 0,
        card: {
          number: '4111111111111111',
          expiry: '1229',
          cvv: '123',
          billingStreet: '1 Main St',
          billingZip: '85284',
        },
      },
    );
    expect(sale.approved).toBe(true);
  });

  it("a FAIL is a TransitKeyError with the gateway's message and never the password", async () => {
    fake.knobs.echoPasswordOnFail = true;
    try {
      const password = 'Wrong-Secret-77';
      let caught: unknown;
      try {
        await generateTransitKey({ ...login, password }, { baseUrl: fake.baseUrl });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(TransitKeyError);
      const err = caught as TransitKeyError;
      expect(err.responseCode).toBe('F9907');
      expect(err.message).toMatch(/^TransIT refused the key request: Invalid login credentials/);
      expect(err.message).not.toContain(password);
      expect(JSON.stringify(err)).not.toContain(password);
    } finally {
      fake.knobs.echoPasswordOnFail = false;
    }
  });

  it('an unreachable gateway is GatewayUnavailable', async () => {
    const gone = await startTransitFake();
    const { baseUrl } = gone;
    await gone.close();
    await expect(generateTransitKey(login, { baseUrl })).rejects.toBeInstanceOf(GatewayUnavailable);
    fake.misbehaveNext('http500');
    await expect(generateTransitKey(login, { baseUrl: fake.baseUrl })).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
  });
});
