// Generates requests from each route's own schemas (fast-check, fixed seed) and fails on any
// 5xx or on an answer that breaks the route's declared response shape (DESIGN.md §1.7).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { errorBody } from '../../src/server/lib/schemas.js';
import {
  createCustomer,
  createMerchant,
  signInCustomer,
  signInMerchant,
} from '../support/fixtures.js';
import {
  arbitraryFor,
  fillPath,
  jsonSchemaOf,
  responseSchemas,
  sampleParam,
  schemaOf,
} from '../support/route-requests.js';
import { createTestApp } from '../support/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let t: App;
let merchantId = '';
let uid = '';
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMerchant(t.ctx.db);
  const c = await createCustomer(t.ctx.db);
  merchantId = m.merchantId;
  const anon = await t.app.inject('/api/users/cookie');
  uid = anon.json().uid;
  const uidCookie = String(anon.headers['set-cookie']).split(';')[0];
  // Signed in as both, with a diner id, so protected routes get past the access check and their
  // input is what gets tested.
  cookie = `${await signInMerchant(t.app, m.merchantId, m.password)}; ${await signInCustomer(t.app, c.email, c.password)}; ${uidCookie}`;
});
afterAll(() => t.app.close());

describe('bad-input fuzzer', () => {
  it(`never answers 5xx or breaks a declared shape (seed ${SEED}, ${RUNS} runs per route)`, async () => {
    const routes = t.routes.filter(
      (r) =>
        r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !/Logout|Login/.test(r.url),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const paramNames = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
      const bodySchema = schemaOf(route, 'body');
      const querySchema = schemaOf(route, 'querystring');
      const paramsSchema = schemaOf(route, 'params');
      const paramProps = paramsSchema ? (jsonSchemaOf(paramsSchema).properties ?? {}) : {};
      const paramArb = (n: string) =>
        fc.oneof(
          fc.constant(sampleParam(n, { merchantId, uid })),
          arbitraryFor(paramProps[n] ?? {}).map((v) =>
            typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
          ),
          fc.string({ maxLength: 80 }),
        );
      const arb = fc.record({
        params: fc.record(Object.fromEntries(paramNames.map((n) => [n, paramArb(n)]))),
        query: querySchema ? arbitraryFor(jsonSchemaOf(querySchema)) : fc.constant(undefined),
        body: bodySchema ? arbitraryFor(jsonSchemaOf(bodySchema)) : fc.constant(undefined),
      });
      const declared = responseSchemas(route);
      await fc.assert(
        fc.asyncProperty(arb, async ({ params, query, body }) => {
          const url = fillPath(route.url, (n) =>
            String((params as Record<string, string>)[n] ?? ''),
          );
          const qs =
            query && typeof query === 'object' && !Array.isArray(query)
              ? new URLSearchParams(
                  Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
                ).toString()
              : '';
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: qs ? `${url}?${qs}` : url,
            headers: { cookie },
            ...(body === undefined || route.method === 'GET'
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: { cookie, 'content-type': 'application/json' },
                }),
          });
          const where = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.headers['content-type']?.toString().includes('application/json')) {
            const json: unknown = res.json();
            const schema =
              declared[String(res.statusCode)] ?? (res.statusCode >= 400 ? errorBody : undefined);
            if (schema) expect(schema.safeParse(json).success, where).toBe(true);
          }
        }),
        { seed: SEED, numRuns: RUNS, verbose: 1 },
      );
    }
  });
});
