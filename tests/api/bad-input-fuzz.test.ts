// Generates requests from each route's own schemas (fast-check, fixed seed) and fails on any
// 5xx, on an answer that breaks the route's declared response shape (docs/design/security.md), and
// on a refused (4xx) request that changed business data.
//
// Honest about what it tests (issue 10): rate limits are scaled out and every route is called with
// the session its access rule asks for (the merchant of the path, a signed-in customer, the diner
// whose id is in the path), so runs reach the route's validation instead of the limiter or the
// access check. A preValidation hook of the test's own, added when the app is created, counts per
// route the runs that got that far; the figures are printed, and a route under 90 % fails.
import { channel } from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { errorBody } from '../../src/contract/index.js';
import type { Access, RouteEntry } from '../../src/server/plugins/access.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import {
  createCustomer,
  createMerchant,
  signInCustomer,
  signInMerchant,
} from '../support/fixtures.js';
import {
  arbitraryFor,
  fillPath,
  injectRoute,
  jsonSchemaOf,
  responseSchemas,
  sampleParam,
  schemaOf,
} from '../support/route-requests.js';
import { createTestApp } from '../support/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** The share of a route's runs that must get past access and rate limiting. */
const MIN_PASS_THROUGH = 0.9;

/**
 * Business tables: what a diner, a customer or a merchant owns. Left out on purpose: sessions,
 * phone_verifications (a wrong code counts an attempt: a refusal that must write) and
 * idempotency_keys (a refused order's answer is kept for its replay).
 */
const BUSINESS_TABLES = [
  'merchants',
  'categories',
  'items',
  'item_sizes',
  'option_groups',
  'option_values',
  'item_printers',
  'printers',
  'dinein_tables',
  'promo_codes',
  'images',
  'pending_uploads',
  'customers',
  'loyalty_ledger',
  'customer_info_submissions',
  'carts',
  'cart_lines',
  'orders',
  'order_lines',
  'merchant_counters',
  'payment_transactions',
  'sandbox_ledger',
  'outbox',
];

const PRINTER_AUTH = `Basic ${Buffer.from('fuzz:not-a-token').toString('base64')}`;
let t: App;
let merchantId = '';
let uid = '';
const cookies: Record<Access, string> = {
  public: '',
  customer: '',
  merchant: '',
  signedInMerchant: '',
  diner: '',
  printer: '',
  // GET /metrics exists only with METRICS_TOKEN (not set here) and takes no input.
  operator: '',
};
/** Ids of the requests that got past onRequest (access, rate limits) into preValidation. */
const reached = new Set<string>();

/** Adds the counting hook to the app while it is being built: hooks cannot be added once ready. */
function countRequestsReachingValidation(payload: unknown): void {
  const { fastify } = payload as { fastify: FastifyInstance };
  fastify.addHook('preValidation', async (request) => {
    reached.add(request.id);
  });
}

/**
 * A fingerprint of the business tables: each table's row count and newest row version (xmin, the
 * transaction that wrote it). Any insert, update or delete changes it; reading rows does not.
 * Cheap enough to take around every refused run, unlike hashing every row.
 */
async function businessFingerprint(): Promise<string> {
  const parts = BUSINESS_TABLES.map(
    (table) =>
      sql`select ${table}::text as t, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.identifier(table)}`,
  );
  const result = await t.ctx.db.execute<{ t: string; n: string; x: string }>(
    sql.join(parts, sql` union all `),
  );
  const rows = Array.isArray(result) ? result : (result as { rows: typeof result }).rows;
  return (rows as { t: string; n: string; x: string }[])
    .map((r) => `${r.t}:${r.n}:${r.x}`)
    .join(',');
}

beforeAll(async () => {
  const init = channel('fastify.initialization');
  init.subscribe(countRequestsReachingValidation);
  try {
    // Rate limits scaled out: the limiter has its own tests (rate-limit-multiplier.test.ts).
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100000' } });
  } finally {
    init.unsubscribe(countRequestsReachingValidation);
  }
  const m = await createMerchant(t.ctx.db);
  const c = await createCustomer(t.ctx.db);
  merchantId = m.merchantId;
  const diner = await newDiner(t.app);
  uid = diner.uid;
  // A cart with a line, so the cart and send-order routes have something to work on.
  const [item] = await menuOf(t.app, merchantId);
  const empty = await businessFingerprint();
  const added = await diner.call('POST', cartPath(merchantId, 'orderItems', uid), {
    orderItems: [simpleChoice(item!)],
  });
  expect(added.status).toBe(200);
  // The fingerprint sees a write, or the refused-run check below would prove nothing.
  expect(await businessFingerprint()).not.toBe(empty);
  cookies.diner = diner.cookie;
  cookies.public = diner.cookie;
  cookies.customer = await signInCustomer(t.app, c.email, c.password);
  cookies.merchant = await signInMerchant(t.app, m.merchantId, m.password);
  cookies.signedInMerchant = cookies.merchant;
});
afterAll(() => t.app.close());

/** Path parameters the access rule checks are always the caller's own; the rest are fuzzed. */
function isAccessParam(route: RouteEntry, name: string): boolean {
  return (
    (route.access === 'merchant' && name === 'merchantId') ||
    (route.access === 'diner' && name === 'uid')
  );
}

/**
 * A path value that still routes to the route under test. An empty segment, one over the router's
 * 100-character limit, or one that is not valid UTF-8 once encoded (a lone surrogate) is a
 * different URL: the router answers 404 or 400 before any route runs (input-hardening.test.ts
 * covers those), so such runs would test the router, not this route's input.
 */
function routable(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= 100 &&
    !/[\uD800-\uDFFF]/.test(value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))
  );
}

function fuzzableRoutes(): RouteEntry[] {
  // Logout is left out: it would end the sessions the other routes need (it takes no input).
  return t.routes.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !/Logout/.test(r.url),
  );
}

describe('bad-input fuzzer', () => {
  it(`never answers 5xx, breaks a declared shape or changes data when refusing (seed ${SEED}, ${RUNS} runs per route, ≥ ${MIN_PASS_THROUGH * 100} % past access and limits)`, async () => {
    const routes = fuzzableRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const figures: { route: string; passed: number; runs: number; refused: number }[] = [];
    let seq = 0;
    for (const route of routes) {
      const paramNames = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
      const bodySchema = schemaOf(route, 'body');
      const querySchema = schemaOf(route, 'querystring');
      const paramsSchema = schemaOf(route, 'params');
      const paramProps = paramsSchema ? (jsonSchemaOf(paramsSchema).properties ?? {}) : {};
      const paramArb = (n: string) =>
        isAccessParam(route, n)
          ? fc.constant(sampleParam(n, { merchantId, uid }))
          : fc
              .oneof(
                fc.constant(sampleParam(n, { merchantId, uid })),
                arbitraryFor(paramProps[n] ?? {}).map((v) =>
                  typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
                ),
                fc.string({ maxLength: 80 }),
              )
              .filter(routable);
      const arb = fc.record({
        params: fc.record(Object.fromEntries(paramNames.map((n) => [n, paramArb(n)]))),
        query: querySchema ? arbitraryFor(jsonSchemaOf(querySchema)) : fc.constant(undefined),
        body: bodySchema ? arbitraryFor(jsonSchemaOf(bodySchema)) : fc.constant(undefined),
      });
      const declared = responseSchemas(route);
      const cookie = cookies[route.access];
      const tally = { route: `${route.method} ${route.url}`, passed: 0, runs: 0, refused: 0 };
      // The business data as it was before the next run; null when a run may have changed it.
      let known: string | null = null;
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
          const requestId = `fuzz-${++seq}`;
          const before = known ?? (await businessFingerprint());
          const withBody = body !== undefined && route.method !== 'GET';
          const res = await injectRoute(t.app, route, {
            method: route.method as 'POST',
            url: qs ? `${url}?${qs}` : url,
            headers: {
              cookie,
              // A printer route asks for HTTP Basic before anything else (its token is then
              // checked in the handler): with one, the fuzzed input reaches validation.
              ...(route.access === 'printer' ? { authorization: PRINTER_AUTH } : {}),
              'x-request-id': requestId,
              ...(withBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(withBody ? { payload: JSON.stringify(body) } : {}),
          });
          tally.runs++;
          if (reached.has(requestId)) tally.passed++;
          const where = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.headers['content-type']?.toString().includes('application/json')) {
            const json: unknown = res.json();
            const schema =
              declared[String(res.statusCode)] ?? (res.statusCode >= 400 ? errorBody : undefined);
            if (schema) expect(schema.safeParse(json).success, where).toBe(true);
          }
          if (res.statusCode >= 400) {
            tally.refused++;
            const after = await businessFingerprint();
            expect(after, `${where}: a refused request changed business data`).toBe(before);
            known = after;
          } else {
            known = null;
          }
        }),
        { seed: SEED, numRuns: RUNS, verbose: 1 },
      );
      figures.push(tally);
    }
    console.log(
      `bad-input fuzzer, seed ${SEED}: runs that got past access and rate limiting, per route\n` +
        figures
          .map(
            (f) =>
              `  ${String(Math.round((100 * f.passed) / f.runs)).padStart(3)} %  ${f.passed}/${f.runs} (${f.refused} refused)  ${f.route}`,
          )
          .join('\n'),
    );
    const lowest = figures.reduce((a, b) => (b.passed / b.runs < a.passed / a.runs ? b : a));
    console.log(`  lowest: ${Math.round((100 * lowest.passed) / lowest.runs)} % (${lowest.route})`);
    const under = figures.filter((f) => f.passed / f.runs < MIN_PASS_THROUGH).map((f) => f.route);
    expect(under, 'routes whose runs mostly stopped at access or the limiter').toEqual([]);
  }, 300_000);
});
