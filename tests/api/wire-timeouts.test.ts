// Time limits on the wire and bodies in flight (issue 24, item 4): 33 connections that send a
// POST's headers and 10 bytes of a 5000-byte body, then nothing, held every in-flight slot and
// no socket was ever closed. Now a body still arriving holds no slot, and Node closes a request
// whose headers or body stall (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS) and an idle
// kept-alive connection (HTTP_KEEP_ALIVE_TIMEOUT_MS); a live stream, whose request is complete,
// outlives them all. docs/decisions/load-shedding.md.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { openEventStream } from '../support/sse.js';
import { createTestApp, testConfig } from '../support/test-app.js';

const REQUEST_TIMEOUT_MS = 1500;
let t: App;
let port = 0;
let base = '';

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOAD_SHED: 'true',
      LOAD_SHED_MAX_IN_FLIGHT: '4',
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => t.app.close());

interface RawConnection {
  socket: Socket;
  /** What the server sent, as text. */
  received: () => string;
  /** Resolves with the ms from opening until the server closed the connection. */
  closed: Promise<number>;
}

/** A raw connection that sends `text` and then nothing more. */
function rawConnection(text: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let got = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      resolve({ socket, received: () => got, closed });
    });
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - opened)),
    );
    socket.on('data', (d) => (got += String(d)));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** A diner's cart add whose headers arrive and whose body stops after 10 of 5000 bytes. */
async function stalledPost() {
  const res = await fetch(`${base}/api/users/cookie`);
  const { uid } = (await res.json()) as { uid: string };
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return rawConnection(
    `POST /api/shoppingCarts/merchantId/demo/orderItems/${uid} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Cookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"orderIte`,
  );
}

describe('a body that stalls', () => {
  it('holds no in-flight slot while it arrives, and is closed by the request time-out', async () => {
    const stalled = await Promise.all(Array.from({ length: 12 }, () => stalledPost()));
    await new Promise((r) => setTimeout(r, 200));
    // Three times the cap of 4 bodies are stalled, and the menu and a cart are still served.
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${base}/api/items7/merchantId/demo/items`)).status).toBe(200);
      const cookie = await fetch(`${base}/api/users/cookie`);
      expect(cookie.status).toBe(200);
    }
    // Node cuts each one off (408) within the time-out and its checking interval.
    const after = await Promise.all(stalled.map((s) => s.closed));
    for (const ms of after) {
      expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
    }
    expect(stalled[0]!.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never end', async () => {
    const c = await rawConnection('GET /api/items7/merchantId/demo/items HTTP/1.1\r\nHost: x\r\n');
    const ms = await c.closed;
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
  });

  it('closes an idle kept-alive connection', async () => {
    const c = await rawConnection(
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
    );
    const ms = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 2);
  });
});

describe('a live stream', () => {
  it('outlives the request time-out and still gets its events', async () => {
    const m = await createMerchant(t.ctx.db);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    const s = await openEventStream(
      `${base}/api/orders7/merchantId/${m.merchantId}/orders/stream`,
      {
        cookie,
      },
    );
    expect(s.res.status).toBe(200);
    await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS * 3));
    await placeTestOrder(t.ctx, m.merchantId);
    await s.waitFor(1);
    await s.close();
  });
});

describe('the wire time-outs', () => {
  it('are always set, and refuse settings that would cut off a stream or a payment', () => {
    const http = testConfig().http;
    expect(http.headersTimeoutMs).toBe(10_000);
    expect(http.requestTimeoutMs).toBe(30_000);
    expect(http.keepAliveTimeoutMs).toBe(5_000);
    expect(http.connectionTimeoutMs).toBe(120_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBe(1000);
    expect(t.app.server.keepAliveTimeout).toBe(500);
    expect(t.app.server.timeout).toBe(120_000);
    expect(() =>
      testConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => testConfig({ HTTP_CONNECTION_TIMEOUT_MS: '30000' })).toThrow(
      /HTTP_CONNECTION_TIMEOUT_MS: must exceed GATEWAY_TIMEOUT_MS/,
    );
  });
});
