// A whole dinner for 10 diners at once through the API (issue 25), on a real app process and the
// PostgreSQL server: each diner takes the cookie, reads the menu, adds lines, saves the checkout,
// verifies the phone with the code texted to the dev outbox, sends the order (cash or card) and
// reads the order-placed page; the merchant then reads the day's orders. 10 orders, each once,
// each with the amounts its diner was shown, and no answer a 5xx.
import { describe, expect, it } from 'vitest';
import { merchantSignIn } from '../support/merchant-sign-in.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const DINERS = 10;
// Tuesday 24 Nov 2026, 12:00 in New York: the demo store is open (the server's test clock).
const TUESDAY_NOON = '2026-11-24T17:00:00Z';

interface MenuItem {
  _id: string;
  name: string;
  soldout: boolean;
  size: { _id: string }[];
  options: {
    _id: string;
    numberToSelect: number;
    minNumberToSelect: number | null;
    maxNumberToSelect: number | null;
    optionValues: { _id: string }[];
  }[];
}

/** A valid choice: first size, and the fewest values each group needs. */
function simpleChoice(item: MenuItem, quantity: number) {
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const need = g.minNumberToSelect ?? (g.maxNumberToSelect !== null ? 0 : g.numberToSelect);
    if (need > 0) options[g._id] = g.optionValues.slice(0, need).map((v) => v._id);
  }
  return { itemId: item._id, sizeId: item.size[0]?._id ?? null, options, quantity, note: '' };
}

type Json = Record<string, unknown> & { [k: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.skipIf(!serverUrl)('a dinner for 10 diners at once', () => {
  it('places 10 orders, each once, with the amounts each diner was shown, and no 5xx', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'dinner');
    const server = startServer(
      { ...scratch.env, RATE_LIMIT_MULTIPLIER: '1000', TEST_CONTROLS: 'true' },
      await freePort(),
    );
    const statuses: { what: string; status: number }[] = [];
    const call = async (
      what: string,
      path: string,
      init: { method?: string; cookie?: string; body?: unknown } = {},
    ) => {
      const res = await fetch(`${server.base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      statuses.push({ what, status: res.status });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, res };
    };
    try {
      await waitReady(server);
      const clock = await call('clock', '/api/test/clock', {
        method: 'PUT',
        body: { now: TUESDAY_NOON },
      });
      expect(clock.status).toBe(200);

      const dinner = async (n: number) => {
        const cookieRes = await fetch(`${server.base}/api/users/cookie`);
        statuses.push({ what: 'cookie', status: cookieRes.status });
        const cookie = cookieRes.headers.getSetCookie()[0]!.split(';')[0]!;
        const uid = ((await cookieRes.json()) as { uid: string }).uid;
        const cart = (what: string) => `/api/shoppingCarts/merchantId/demo/${what}/${uid}`;

        const menu = (await call('menu', '/api/items7/merchantId/demo/items'))
          .body as unknown as MenuItem[];
        const names = ['Kung Pao Chicken', 'Mapo Tofu', 'Scallion Pancake', 'Hot and Sour Soup'];
        const picks = names
          .map((name) => menu.find((i) => i.name === name && !i.soldout))
          .filter((i): i is MenuItem => i !== undefined);
        const added = await call('add', cart('orderItems'), {
          method: 'POST',
          cookie,
          body: {
            orderItems: [
              simpleChoice(picks[n % picks.length]!, 1 + (n % 3)),
              simpleChoice(picks[(n + 1) % picks.length]!, 1),
            ],
          },
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);

        const phone = `31255502${String(n).padStart(2, '0')}`;
        const byCard = n % 2 === 1;
        const checkout = {
          orderMethod: 'pickup',
          paymentMethod: byCard ? 'creditcard' : 'cash',
          tip: { kind: 'percent', ratePpm: 150_000 },
          time: { kind: 'asap' },
          customerName: `Diner ${n}`,
          phone,
        };
        const saved = await call('checkoutInfo', cart('checkoutInfo'), {
          method: 'PUT',
          cookie,
          body: checkout,
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);

        const sent = await call('sendVeriCode', '/api/verification/sendVeriCode', {
          method: 'POST',
          cookie,
          body: { phoneNum: phone },
        });
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        let code: string | undefined;
        for (let i = 0; i < 80 && !code; i++) {
          const outbox = await call('outbox', '/api/dev/outbox?kind=sms&limit=200');
          const m = (outbox.body.messages as { to: string[]; body: string }[]).find((x) =>
            x.to.some((t) => t.endsWith(phone)),
          );
          code = m?.body.match(/\b(\d{4})\b/)?.[1];
          if (!code) await new Promise((r) => setTimeout(r, 250));
        }
        expect(code, `a code texted to ${phone}`).toBeDefined();
        const verified = await call('verifyPhone', '/api/verification/verifyPhone', {
          method: 'POST',
          cookie,
          body: { phoneNum: phone, verificationCode: code },
        });
        expect(verified.status, JSON.stringify(verified.body)).toBe(200);

        const shown = saved.body.amounts as { totalCents: number; subtotalCents: number };
        const order = await call('sendOrder', cart('sendOrder'), {
          method: 'POST',
          cookie,
          body: {
            idempotencyKey: `dinner-${n}-${uid.replace(/-/g, '').slice(0, 20)}`,
            expectedTotalCents: shown.totalCents,
            checkout: byCard
              ? {
                  ...checkout,
                  card: {
                    cardNumber: '4111111111111111',
                    cvv: '123',
                    expiry: '12/30',
                    billingStreet: '1 Main St',
                    billingZip: '10013',
                  },
                }
              : checkout,
          },
        });
        expect(order.status, JSON.stringify(order.body)).toBe(200);
        expect(order.body).toMatchObject({
          state: 'placed',
          paid: byCard,
          totalCents: shown.totalCents,
        });
        const page = await call(
          'orderPlaced',
          `/api/orderPlaced/merchantId/demo/order/_id/${order.body._id}`,
        );
        expect(page.status).toBe(200);
        expect(page.body.amounts).toMatchObject({
          totalCents: shown.totalCents,
          subtotalCents: shown.subtotalCents,
        });
        const after = await call('cart', cart('userId'), { cookie });
        expect(after.body.orderItems).toEqual([]);
        return { id: order.body._id as string, amounts: saved.body.amounts as Json, phone };
      };

      const started = Date.now();
      const placed = await Promise.all(Array.from({ length: DINERS }, (_, n) => dinner(n)));
      const elapsedMs = Date.now() - started;

      const merchant = await merchantSignIn(server.base, 'demo', 'Demo1234');
      expect(merchant.status).toBe(200);
      const list = await call(
        'merchant orders',
        '/api/orders7/merchantId/demo/orders?range=today&limit=100',
        { cookie: merchant.cookie },
      );
      expect(list.status).toBe(200);
      const orders = list.body.orders as Json[];
      const ours = orders.filter((o) => placed.some((p) => p.id === o._id));
      expect(ours).toHaveLength(DINERS);
      expect(new Set(ours.map((o) => o._id)).size).toBe(DINERS);
      expect(new Set(ours.map((o) => o.orderId)).size).toBe(DINERS);
      for (const p of placed) {
        const o = ours.find((x) => x._id === p.id)!;
        expect(o.phone).toBe(p.phone);
        expect(o.amounts).toMatchObject({
          subtotalCents: p.amounts.subtotalCents,
          taxCents: p.amounts.taxCents,
          tipsCents: p.amounts.tipsCents,
          totalCents: p.amounts.totalCents,
        });
      }
      expect(list.body.totals.orders).toBe(DINERS);
      expect(list.body.totals.totalSaleCents).toBe(
        placed.reduce((sum, p) => sum + (p.amounts.totalCents as number), 0),
      );
      expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
      // The figure for the closing note: the whole dinner, 10 diners at once, on this machine.
      console.info(`dinner for ${DINERS}: ${statuses.length} calls in ${elapsedMs} ms, no 5xx`);
    } finally {
      await stopServer(server);
      await scratch.drop();
    }
  }, 300_000);
});
