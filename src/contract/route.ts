// One route of the API as data: method, path and the zod schemas of its request parts and of its
// answer per status. The server registers the route with these schemas (validation, serialization
// and OpenAPI); the browser builds the URL from `path` and infers its types from the same schemas.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What Fastify reads as a route's `schema` (plus OpenAPI's tags and description). */
export interface RouteSchema {
  tags: string[];
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
}

export interface RouteContract<
  S extends RouteSchema = RouteSchema,
  M extends HttpMethod = HttpMethod,
  P extends string = string,
> {
  method: M;
  /** Fastify's path syntax: `:name` is a path parameter named in `schema.params`. */
  path: P;
  schema: S;
}

/** The method and path keep their literal types, so a RouteRef can be checked against them. */
export function defineRoute<
  const M extends HttpMethod,
  const P extends string,
  S extends RouteSchema,
>(method: M, path: P, schema: S): RouteContract<S, M, P> {
  return { method, path, schema };
}

/**
 * A route as the browser calls it: only its method and path, typed by its contract (`contract` is
 * never set; it carries the type). The browser imports these (src/contract/refs.ts) instead of the
 * routes so its first load does not carry the zod schemas; TypeScript rejects a ref whose method
 * or path differs from its route's.
 */
export interface RouteRef<R extends RouteContract = RouteContract> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly contract?: R;
}

/** The contract of a route or of a ref to one. */
export type ContractOf<R> = R extends RouteContract ? R : R extends RouteRef<infer C> ? C : never;

/** A route, or a ref to one: every type below reads the route's schemas either way. */
type AnyRoute = RouteContract | RouteRef;

type Part<
  R extends AnyRoute,
  K extends 'params' | 'querystring' | 'body',
> = ContractOf<R>['schema'][K] extends z.ZodType ? z.input<ContractOf<R>['schema'][K]> : undefined;

/** What a caller sends: the path parameters, query and body, as the schemas accept them. */
export type RouteParams<R extends AnyRoute> = Part<R, 'params'>;
export type RouteQuery<R extends AnyRoute> = Part<R, 'querystring'>;
export type RouteBody<R extends AnyRoute> = Part<R, 'body'>;

type SuccessStatus = 200 | 201;
/** The route's success answer (its 200 or 201 schema's output), as the server sends it. */
export type RouteAnswer<R extends AnyRoute> = {
  [S in SuccessStatus]: ContractOf<R>['schema']['response'][S] extends z.ZodType
    ? z.output<ContractOf<R>['schema']['response'][S]>
    : never;
}[SuccessStatus];

export function isRouteContract(value: unknown): value is RouteContract {
  return typeof value === 'object' && value !== null && 'method' in value && 'schema' in value;
}
