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

export interface RouteContract<S extends RouteSchema = RouteSchema> {
  method: HttpMethod;
  /** Fastify's path syntax: `:name` is a path parameter named in `schema.params`. */
  path: string;
  schema: S;
}

export function defineRoute<S extends RouteSchema>(
  method: HttpMethod,
  path: string,
  schema: S,
): RouteContract<S> {
  return { method, path, schema };
}

type Part<
  R extends RouteContract,
  K extends 'params' | 'querystring' | 'body',
> = R['schema'][K] extends z.ZodType ? z.input<R['schema'][K]> : undefined;

/** What a caller sends: the path parameters, query and body, as the schemas accept them. */
export type RouteParams<R extends RouteContract> = Part<R, 'params'>;
export type RouteQuery<R extends RouteContract> = Part<R, 'querystring'>;
export type RouteBody<R extends RouteContract> = Part<R, 'body'>;

type SuccessStatus = 200 | 201;
/** The route's success answer (its 200 or 201 schema's output), as the server sends it. */
export type RouteAnswer<R extends RouteContract> = {
  [S in SuccessStatus]: R['schema']['response'][S] extends z.ZodType
    ? z.output<R['schema']['response'][S]>
    : never;
}[SuccessStatus];

export function isRouteContract(value: unknown): value is RouteContract {
  return typeof value === 'object' && value !== null && 'method' in value && 'schema' in value;
}
