// The browser's half of "nothing doubled" (spec §4, issue 11): a lost answer is retried with the
// same key; a refusal is not retried; an answer that never comes keeps the key for the next press.
import { describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema, sendOrderAnswer } from '../../../contract/checkout.js';
import { ApiError } from '../../lib/api.js';
import {
  needsPhoneVerification,
  newIdempotencyKey,
  refusalField,
  sendWithRetries,
} from './send-order.js';

const answer = sendOrderAnswer.parse({
  _id: '8d7f8f52-6d84-4a4c-9a59-2a0b1f3c1e11',
  state: 'placed',
  orderId: 12,
  dailyOrderId: 3,
  totalCents: 2599,
  paymentMethod: 'creditcard',
  paid: true,
  card: { last4: '1111', brand: 'visa' },
  replayed: false,
  message: null,
});
const noWait = () => Promise.resolve();
const lost = () => new ApiError(0, 'network_error', 'Cannot reach the server.');

describe('sending an order', () => {
  it('makes keys the contract accepts, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(idempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('retries a lost answer and a busy server with the same key', async () => {
    const send = vi
      .fn<(key: string) => Promise<typeof answer>>()
      .mockRejectedValueOnce(lost())
      .mockRejectedValueOnce(new ApiError(503, 'upstream_unavailable', 'Busy'))
      .mockResolvedValueOnce(answer);
    const out = await sendWithRetries(send, 'key-1234567890', [1, 1, 1], noWait);
    expect(out).toEqual({ kind: 'placed', answer });
    expect(send.mock.calls.map((c) => c[0])).toEqual([
      'key-1234567890',
      'key-1234567890',
      'key-1234567890',
    ]);
  });

  it('does not retry a refusal', async () => {
    const declined = new ApiError(402, 'payment_declined', 'Card declined', [
      { path: ['body', 'checkout', 'card'], message: 'Card declined' },
    ]);
    const send = vi.fn().mockRejectedValue(declined);
    const out = await sendWithRetries(send, 'key-1234567890', [1, 1], noWait);
    expect(out).toEqual({ kind: 'refused', error: declined });
    expect(send).toHaveBeenCalledTimes(1);
    expect(refusalField(declined)).toBe('card');
  });

  it('says the outcome is unknown after the last retry, never that it was placed', async () => {
    const send = vi.fn().mockRejectedValue(lost());
    const out = await sendWithRetries(send, 'key-1234567890', [1, 1], noWait);
    expect(out.kind).toBe('unknown');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('knows the phone-verification refusal', () => {
    const phone = new ApiError(403, 'forbidden', 'Please verify your phone number to continue', [
      { path: ['body', 'checkout', 'phone'], message: 'Phone not verified' },
    ]);
    expect(needsPhoneVerification(phone)).toBe(true);
    expect(needsPhoneVerification(new ApiError(403, 'forbidden', 'No'))).toBe(false);
  });
});
