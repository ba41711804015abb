import { describe, expect, it } from 'vitest';
import { placingHere, wasPlacedHere } from './placed-here.js';

describe('orders placed on this tablet', () => {
  it('waits for a placement under way before saying whose the order is', async () => {
    let answer!: (v: { _id: string }) => void;
    const request = new Promise<{ _id: string }>((r) => (answer = r));
    void placingHere(request);
    // The stream's event came first: the question waits for the answer.
    const asked = wasPlacedHere('o-1');
    answer({ _id: 'o-1' });
    expect(await asked).toBe(true);
    expect(await wasPlacedHere('o-2')).toBe(false);
  });

  it('a failed placement claims no order and does not hold the bell back', async () => {
    const failed = placingHere(Promise.reject(new Error('offline')));
    await expect(failed).rejects.toThrow('offline');
    expect(await wasPlacedHere('o-3')).toBe(false);
  });
});
