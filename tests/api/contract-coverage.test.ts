// Every route of the app takes its schemas from src/contract (docs/decisions/api-contract.md):
// the registered params, query, body and answers are the contract's own schema objects, and every
// route of the contract is registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../src/contract/index.js';
import { isRouteContract, type RouteContract } from '../../src/contract/route.js';
import type { App } from '../../src/server/app.js';
import { createTestApp } from '../support/test-app.js';

/** Routes that are not API calls of the contract. */
const OUTSIDE_CONTRACT = [
  // The OpenAPI page itself.
  /^\/api\/docs/,
];

const contractRoutes = Object.values(contract as Record<string, unknown>).filter(
  isRouteContract,
) as RouteContract[];
const key = (method: string, path: string) => `${method} ${path}`;

let t: App;
beforeAll(async () => {
  // With the journeys' controls on, so their routes are registered too.
  t = await createTestApp({ env: { TEST_CONTROLS: 'true' } });
});
afterAll(() => t.app.close());

describe('the API contract and the registered routes', () => {
  it('registers every route with the schemas of its contract', () => {
    const byKey = new Map(contractRoutes.map((r) => [key(r.method, r.path), r]));
    const outside: string[] = [];
    for (const route of t.routes) {
      const schema = route.schema as Record<string, unknown> | undefined;
      // Pages left out of the API documentation (the / redirect, the dev outbox's HTML view).
      if (schema?.hide === true) continue;
      const k = key(route.method, route.url);
      const c = byKey.get(k);
      if (!c) {
        if (!OUTSIDE_CONTRACT.some((re) => re.test(route.url))) outside.push(k);
        continue;
      }
      for (const part of ['params', 'querystring', 'body', 'response'] as const) {
        expect(schema?.[part], `${k} ${part}`).toBe(c.schema[part]);
      }
    }
    expect(outside, 'routes with schemas written outside src/contract').toEqual([]);
  });

  it('registers every route of the contract', () => {
    const registered = new Set(t.routes.map((r) => key(r.method, r.url)));
    const missing = contractRoutes
      .map((r) => key(r.method, r.path))
      .filter((k) => !registered.has(k));
    expect(missing).toEqual([]);
  });

  it("publishes the contract's shapes in the OpenAPI document", async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const info = doc.paths['/api/businessInfos/merchantId/{merchantId}/businessInfo']?.get;
    expect(JSON.stringify(info?.responses['404'])).toContain(
      JSON.stringify([...contract.ERROR_CODES]),
    );
  });
});
