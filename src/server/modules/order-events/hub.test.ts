// The hub wakes a merchant's dashboards on every order event and a diner's order stream only on
// its own order's (issue 24: 250 open order pages of one store each read their order on every
// placement when they were all woken).
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { ORDER_EVENTS_CHANNEL } from '../orders/index.js';
import { OrderEventHub } from './hub.js';

function fakeDatabase() {
  let deliver: ((payload: string) => void) | undefined;
  const database = {
    listen: async (channel: string, onMessage: (payload: string) => void) => {
      expect(channel).toBe(ORDER_EVENTS_CHANNEL);
      deliver = onMessage;
      return async () => {};
    },
  } as unknown as Database;
  return { database, notify: (payload: string) => deliver!(payload) };
}

describe('order event hub', () => {
  it('wakes every dashboard of the merchant, and an order stream only for its own order', async () => {
    const { database, notify } = fakeDatabase();
    const hub = new OrderEventHub(database, pino({ level: 'silent' }));
    await hub.start();
    const woken: string[] = [];
    hub.subscribe('m1', () => woken.push('dashboard'));
    hub.subscribe('m1', () => woken.push('page A'), 'a');
    hub.subscribe('m1', () => woken.push('page B'), 'b');
    hub.subscribe('m2', () => woken.push('other store'));

    notify('m1/a');
    expect(woken.sort()).toEqual(['dashboard', 'page A']);
    woken.length = 0;
    notify('m1/c');
    expect(woken).toEqual(['dashboard']);
    woken.length = 0;
    // A payload naming no order (an older instance during a rolling update) wakes them all.
    notify('m1');
    expect(woken.sort()).toEqual(['dashboard', 'page A', 'page B']);
    await hub.close();
  });
});
