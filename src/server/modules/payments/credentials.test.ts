// Credentials encryption (AES-256-GCM, bound to the merchant) and the request fingerprint.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptCredentials, encryptCredentials, openCredentials } from './credentials.js';
import { requestFingerprint, stableStringify } from './gateway.js';

describe('payment credentials at rest', () => {
  const key = randomBytes(32);
  const merchant = randomUUID();
  const secret = { apiUser: 'user', apiPassword: 'pa55-word' };

  it('round-trips, and the stored bytes do not contain the secret', () => {
    const blob = encryptCredentials(key, merchant, secret);
    expect(blob.toString('latin1')).not.toContain('pa55-word');
    expect(decryptCredentials(key, merchant, blob)).toEqual(secret);
  });

  it('refuses another key, another merchant, or a changed byte', () => {
    const blob = encryptCredentials(key, merchant, secret);
    expect(() => decryptCredentials(randomBytes(32), merchant, blob)).toThrow();
    expect(() => decryptCredentials(key, randomUUID(), blob)).toThrow();
    const tampered = Buffer.from(blob);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => decryptCredentials(key, merchant, tampered)).toThrow();
  });
});

describe('credentials labelled with their provider', () => {
  const key = randomBytes(32);
  const merchant = randomUUID();
  const fields = { deviceId: '88700000123401', transactionKey: 'K3y0nly', environment: 'stage' };
  const label = { provider: 'tsys', setAt: '2026-05-12T15:00:00.000Z' };

  it('record the provider and the time, and still give the fields to the plain read', () => {
    const blob = encryptCredentials(key, merchant, fields, label);
    expect(blob.toString('latin1')).not.toContain('K3y0nly');
    expect(openCredentials(key, merchant, blob)).toEqual({ ...label, fields });
    expect(decryptCredentials(key, merchant, blob)).toEqual(fields);
  });

  it('read the old unlabelled shape as for no provider in particular', () => {
    const blob = encryptCredentials(key, merchant, fields);
    expect(openCredentials(key, merchant, blob)).toEqual({ provider: null, fields, setAt: null });
  });

  it('cannot be passed off as the unlabelled shape (the version is bound in)', () => {
    const blob = Buffer.from(encryptCredentials(key, merchant, fields, label));
    blob.writeUInt8(1, 0);
    expect(() => openCredentials(key, merchant, blob)).toThrow();
    blob.writeUInt8(3, 0);
    expect(() => openCredentials(key, merchant, blob)).toThrow(/unknown format/);
  });
});

describe('request fingerprint', () => {
  it('is the same for the same request whatever the key order, and differs for another', () => {
    const key = randomBytes(32);
    const a = { b: 1, a: { d: [1, 2], c: new Date('2026-01-01T00:00:00Z') }, skip: undefined };
    const b = { a: { c: new Date('2026-01-01T00:00:00Z'), d: [1, 2] }, b: 1 };
    expect(stableStringify(a)).toBe(stableStringify(b));
    expect(requestFingerprint(key, a)).toBe(requestFingerprint(key, b));
    expect(requestFingerprint(key, { ...b, b: 2 })).not.toBe(requestFingerprint(key, b));
    // Keyed: another key gives another fingerprint, so it cannot be brute-forced without it.
    expect(requestFingerprint(randomBytes(32), b)).not.toBe(requestFingerprint(key, b));
  });
});
