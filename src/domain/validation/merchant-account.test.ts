// The new-merchant rules used by `npm run merchant -- create` (issue 9, safe production).
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  checkMerchantId,
  newMerchantSchema,
  parseUsAddress,
} from './merchant-account.js';

const valid = {
  merchantId: 'golden-lotus',
  name: 'Golden Lotus',
  address: '52 Mott Street, New York, NY 10013',
  timeZone: 'America/New_York',
  phone: '(212)555-0188',
  email: 'hello@goldenlotus.example',
};

describe('new merchant account', () => {
  it('accepts a well-formed merchant and normalises what it stores', () => {
    const m = newMerchantSchema.parse({ ...valid, timeZone: 'america/los_angeles' });
    expect(m).toEqual({
      merchantId: 'golden-lotus',
      name: 'Golden Lotus',
      address: { street: '52 Mott Street', city: 'New York', state: 'NY', postalCode: '10013' },
      timeZone: 'America/Los_Angeles',
      phone: '2125550188',
      email: 'hello@goldenlotus.example',
    });
  });

  it('names every bad field at once', () => {
    const r = newMerchantSchema.safeParse({
      ...valid,
      merchantId: 'Golden Lotus',
      timeZone: '+05:00',
      phone: '555-0188',
      email: 'not-an-email',
      address: 'somewhere',
    });
    expect(r.success).toBe(false);
    const fields = r.error!.issues.map((i) => i.path[0]).sort();
    expect(fields).toEqual(['address', 'email', 'merchantId', 'phone', 'timeZone']);
  });

  it('reads a missing field as required', () => {
    const r = newMerchantSchema.safeParse({ ...valid, email: undefined });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: 'is required' }),
    ]);
  });

  it('merchant id: a lower-case slug of 2–64 characters', () => {
    for (const ok of ['demo', 'ab', 'golden_lotus-2', 'a'.repeat(64)])
      expect(checkMerchantId(ok)).toBeNull();
    for (const bad of ['a', 'Demo', '-demo', 'demo-', 'de mo', 'démo', 'a/b', 'a'.repeat(65), ''])
      expect(checkMerchantId(bad)).not.toBeNull();
  });

  it('time zone: IANA names only, returned canonical', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', '+05:00', 'GMT+5x', '', 'New York'])
      expect(canonicalTimeZone(bad)).toBeNull();
  });

  it('address: "street, city, ST zip" with a 5-digit or ZIP+4 code', () => {
    expect(parseUsAddress('1 Main St, Suite 4, Springfield, il 62701-1234')).toEqual({
      street: '1 Main St, Suite 4',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701-1234',
    });
    for (const bad of [
      '1 Main St, Springfield',
      '1 Main St, Springfield, Illinois 62701',
      'x, y, NY 1001',
    ])
      expect(parseUsAddress(bad)).toBeNull();
  });
});
