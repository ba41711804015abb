// Every route of the contract is well formed: its path parameters are exactly its params schema's
// keys, no two routes share a method and path, and every route answers at least one status.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import * as refs from './refs.js';
import { isRouteContract, type RouteContract } from './route.js';

const routes = Object.entries(contract as Record<string, unknown>).filter(
  (e): e is [string, RouteContract] => isRouteContract(e[1]),
);

const pathParams = (path: string) =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]).sort();

describe('the API contract', () => {
  it('lists the routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it.each(routes)('%s names each path parameter in its params schema', (_name, route) => {
    const params = route.schema.params;
    const keys = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
    expect(keys).toEqual(pathParams(route.path));
  });

  it("gives each browser ref its route's method and path", () => {
    const entries = Object.entries(refs);
    expect(entries.length).toBeGreaterThan(20);
    for (const [name, ref] of entries) {
      const route = (contract as Record<string, unknown>)[name];
      expect(isRouteContract(route), name).toBe(true);
      const { method, path } = route as RouteContract;
      expect({ name, method: ref.method, path: ref.path }).toEqual({ name, method, path });
    }
  });

  it('has one route per method and path', () => {
    const keys = routes.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes)('%s declares its answers', (_name, route) => {
    expect(Object.keys(route.schema.response).length).toBeGreaterThan(0);
  });

  it('answers every error code with one status', () => {
    expect(contract.errorBody.parse({ code: 'not_found', message: 'x' }).code).toBe('not_found');
    expect(() => contract.errorBody.parse({ code: 'made_up', message: 'x' })).toThrow();
    expect(contract.ERROR_CODES).toHaveLength(Object.keys(contract.ERROR_STATUS).length);
  });
});
