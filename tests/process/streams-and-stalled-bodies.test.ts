// Nothing a diner or a stranger holds open stops a store (issue 24, items 2–4): the real process
// with its default in-flight cap (32) holds 40 idle live streams (the store's 8 dashboards and 32
// order pages, 4 on each of 8 orders) and 40 connections that sent a cart add's headers and 10 of
// its 5000 bytes, then nothing — and the menu, the readiness probe and send order still answer;
// the new order reaches the open dashboards; the stalled connections are cut off by the request
// time-out. Runs on PGlite, or on a scratch database of the PostgreSQL server when
// TEST_DATABASE_URL is set. docs/decisions/load-shedding.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SIGN_IN } from '../../src/server/db/seed/seed.js';
import { merchantSignIn } from '../support/merchant-sign-in.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';
import { openEventStream } from '../support/sse.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const REQUEST_TIMEOUT_MS = 15_000;
const CARD = {
  cardNumber: '4111111111111111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

interface MenuItem {
  _id: string;
  name: string;
  available: boolean;
  soldout: boolean;
  size: { _id: string }[];
  options: unknown[];
}

/** A diner with a cookie jar: a signed-in customer (no phone code to place a pickup order). */
class Diner {
  private readonly jar = new Map<string, string>();
  uid = '';
  constructor(
    private readonly base: string,
    private readonly index: number,
  ) {}

  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body: json };
  }

  async signUp() {
    const email = `streams-${Date.now()}-${this.index}@example.com`;
    const password = 'Passw0rdStreams';
    const reg = await this.call('POST', '/api/usersAuth/userRegister', {
      name: `Diner ${this.index}`,
      email,
      password,
      confirmPassword: password,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect((await this.call('POST', '/api/usersAuth/userLogin', { email, password })).status).toBe(
      200,
    );
    const cookie = await this.call('GET', '/api/users/cookie');
    this.uid = String(cookie.body?.uid);
  }

  /** One pickup order paid by card; returns its id. */
  async placeOrder(line: unknown): Promise<string> {
    const cart = (what: string) => `/api/shoppingCarts/merchantId/demo/${what}/${this.uid}`;
    expect((await this.call('POST', cart('orderItems'), { orderItems: [line] })).status).toBe(200);
    const checkout = {
      orderMethod: 'pickup',
      paymentMethod: 'creditcard',
      tip: { kind: 'percent', ratePpm: 100_000 },
      time: { kind: 'asap' },
      customerName: `Diner ${this.index}`,
      phone: String(2125550100 + this.index),
    };
    const info = await this.call('PUT', cart('checkoutInfo'), checkout);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const sent = await this.call('POST', cart('sendOrder'), {
      idempotencyKey: `streams-${this.index}-${Date.now()}`,
      checkout: { ...checkout, card: CARD },
      expectedTotalCents: (info.body?.amounts as { totalCents: number }).totalCents,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body?.state).toBe('placed');
    return String(sent.body?._id);
  }
}

/** A cart add whose headers arrive and whose body stops after 10 of its 5000 bytes. */
function stalledBody(
  port: number,
  d: Diner,
): Promise<{ socket: Socket; closed: Promise<void>; received: () => string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/shoppingCarts/merchantId/demo/orderItems/${d.uid} HTTP/1.1\r\n` +
          `Host: 127.0.0.1\r\nCookie: ${d.cookie}\r\nContent-Type: application/json\r\n` +
          `Content-Length: 5000\r\n\r\n{"orderIte`,
      );
      resolve({ socket, closed, received: () => got });
    });
    // Read what the server sends (a paused socket would never see the server close it).
    let got = '';
    socket.on('data', (chunk) => (got += String(chunk)));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('one instance holding 40 idle streams and 40 stalled bodies', () => {
  it('still serves the menu, readiness and send order, and cuts the stalled bodies off', async (test) => {
    const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'streams') : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'forkful-streams-'));
    const port = await freePort();
    const server = startServer(
      {
        DATA_DIR: dataDir,
        ...scratch?.env,
        LOAD_SHED: 'true', // the default cap of 32 requests in flight
        // Only the cap: on a shared machine the event-loop backstop sheds by the machine's load,
        // which is not what this test is about (tests/process/overload.test.ts covers it).
        LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        RATE_LIMIT_MULTIPLIER: '10000', // every diner here is 127.0.0.1
      },
      port,
    );
    const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];
    const stalled: Socket[] = [];
    try {
      await waitReady(server, 240_000);
      const base = server.base;
      const diners = Array.from({ length: 9 }, (_, i) => new Diner(base, i));
      await Promise.all(diners.map((d) => d.signUp()));
      const open = await diners[0]!.call(
        'GET',
        `/api/shoppingCarts/merchantId/demo/userId/${diners[0]!.uid}`,
      );
      // The demo store's weekly break (Wednesday 15:00–15:30 New York) leaves nothing to place.
      if (open.body?.storeOpen !== true) test.skip();
      const items = (await (
        await fetch(`${base}/api/items7/merchantId/demo/items`)
      ).json()) as MenuItem[];
      const item = items.find((i) => i.available && !i.soldout && i.options.length === 0)!;
      const line = {
        itemId: item._id,
        sizeId: item.size[0]?._id ?? null,
        options: {},
        quantity: 1,
      };

      const orders: string[] = [];
      for (const d of diners.slice(0, 8)) orders.push(await d.placeOrder(line));

      // 8 dashboards (the store's cap) and 4 order pages on each of the 8 orders.
      const merchant = await merchantSignIn(base, DEMO_SIGN_IN.merchantId, DEMO_SIGN_IN.password);
      expect(merchant.status).toBe(200);
      const dashboards = await Promise.all(
        Array.from({ length: 8 }, () =>
          openEventStream<{ _id: string; kind: string }>(
            `${base}/api/orders7/merchantId/demo/orders/stream`,
            { cookie: merchant.cookie },
          ),
        ),
      );
      const pages = await Promise.all(
        orders.flatMap((id) =>
          [1, 2, 3, 4].map(() =>
            openEventStream(`${base}/api/orderPlaced/merchantId/demo/order/_id/${id}/stream`),
          ),
        ),
      );
      streams.push(...dashboards, ...pages);
      expect(streams.map((s) => s.res.status)).toEqual(streams.map(() => 200));

      // 40 stalled bodies, from 8 of the diners (5 each), opened one after the other: a request
      // holds an ordinary slot from its arrival until its body starts (the access hooks), so 40
      // arriving in the same instant may meet a full tier and be refused 503 at the door — cut off
      // as well, but this test is about the ones the time-out must cut off.
      const held: Awaited<ReturnType<typeof stalledBody>>[] = [];
      for (let i = 0; i < 40; i++) {
        held.push(await stalledBody(port, diners[i % 8]!));
        await new Promise((r) => setTimeout(r, 20));
      }
      stalled.push(...held.map((h) => h.socket));
      const stalledAt = Date.now();
      await new Promise((r) => setTimeout(r, 500));

      // Menu reads, readiness and send order answer.
      const menus = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${base}/api/items7/merchantId/demo/items`)),
      );
      expect(menus.map((r) => r.status)).toEqual(menus.map(() => 200));
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const placed = await diners[8]!.placeOrder(line);
      // The new order reaches every open dashboard.
      for (const s of dashboards) {
        const until = Date.now() + 10_000;
        while (!s.events.some((e) => e.data._id === placed) && Date.now() < until)
          await new Promise((r) => setTimeout(r, 50));
        expect(s.events.some((e) => e.data._id === placed && e.data.kind === 'placed')).toBe(true);
      }

      // The request time-out cuts every stalled body off; the streams stay open.
      await Promise.all(held.map((h) => h.closed));
      expect(Date.now() - stalledAt).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
      for (const h of held) expect(h.received()).toMatch(/^HTTP\/1\.1 408/);
      // The streams outlived the request time-out: the merchant reads the first order, and its
      // four pages hear of it.
      const read = await fetch(`${base}/api/orders7/merchantId/demo/order/_idOrder/${orders[0]}`, {
        method: 'PUT',
        headers: { cookie: merchant.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ hasBeenRead: true }),
      });
      expect(read.status).toBe(200);
      for (const page of pages.slice(0, 4)) await page.waitFor(2, 10_000);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/api/items7/merchantId/demo/items`)).status).toBe(200);
      expect(server.output()).not.toMatch(/"level":50/); // nothing logged as an error
      // A body cut off is the client's doing, not a database outage (both say ECONNRESET).
      expect(server.output()).not.toMatch(/database unavailable/);
    } finally {
      for (const s of stalled) s.destroy();
      await Promise.all(streams.map((s) => s.close()));
      await stopServer(server);
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
