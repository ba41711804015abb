// Turns a route of the app's own table into concrete requests: the path with its parameters
// filled in, and (for the fuzzer) generated inputs from the route's zod schemas.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { RouteEntry } from '../../src/server/plugins/access.js';

/** The route's zod schema for one part of the request, if it declares one. */
export function schemaOf(
  route: RouteEntry,
  part: 'params' | 'querystring' | 'body',
): z.ZodType | undefined {
  const s = (route.schema as Record<string, unknown> | undefined)?.[part];
  return s instanceof z.ZodType ? s : undefined;
}

export function responseSchemas(route: RouteEntry): Record<string, z.ZodType> {
  const r = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  return Object.fromEntries(
    Object.entries(r).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType),
  );
}

/** A plausible value for a path parameter, so the request reaches the access check and beyond. */
export function sampleParam(name: string, ids: { merchantId: string; uid: string }): string {
  if (name === 'merchantId') return ids.merchantId;
  if (name === 'uid') return ids.uid;
  if (name === 'file') return `${randomUUID()}.webp`;
  if (name === 'n') return '5';
  return randomUUID();
}

/**
 * Percent-encodes a path segment. encodeURIComponent throws on a lone surrogate; such a character
 * is sent as the three bytes it would have in UTF-8 if it were allowed (%ED%A0%80), which is how
 * it reaches a server from a careless client.
 */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const unit = ch.charCodeAt(0);
        if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
          const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
          return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

export function fillPath(url: string, values: (name: string) => string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) =>
    encodeSegment(values(name)),
  );
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

/** Characters PostgreSQL cannot store: NUL, and UTF-16 surrogates standing alone. */
const UNSTORABLE_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];

/** A string with one character PostgreSQL cannot store somewhere inside it (issue 9). */
export const unstorableString = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(...UNSTORABLE_CHARS),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  unstorableString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '%00',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>',
    '💥',
    'x'.repeat(5000),
  ),
);

/** Values shaped like the schema most of the time, with wrong types and edge strings mixed in. */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return junk;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)), junk);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), junk);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), junk);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(props, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), unstorableString), junk, {
            maxKeys: 4,
          }),
        },
        { weight: 1, arbitrary: junk },
      );
    }
    case 'array':
      return fc.oneof(
        fc.array(arbitraryFor(schema.items ?? {}, depth + 1), { maxLength: 5 }),
        junk,
      );
    case 'string': {
      // Lengths at and just past the declared limit find off-by-one rules.
      const max = schema.maxLength ?? 60;
      return fc.oneof(
        fc.string({ maxLength: Math.min(max, 200) }),
        fc.string({ minLength: max, maxLength: max + 1 }),
        fc.uuid(),
        unstorableString,
        junk,
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        fc.integer({
          min: Math.max(min - 2, -Number.MAX_SAFE_INTEGER),
          max: Math.min(max + 2, Number.MAX_SAFE_INTEGER),
        }),
        fc.constantFrom(min, max, min - 1, max + 1, 0),
        fc.double({ noNaN: false }),
        junk,
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), junk);
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), junk);
  }
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Sends one request to a route of the table. A streaming route (Server-Sent Events) stays open
 * once it answers 200, so its answer is read as a stream and hung up on at once: the status and
 * headers are what the caller checks; the body is empty.
 */
export async function injectRoute(
  app: FastifyInstance,
  route: RouteEntry,
  opts: InjectOptions,
): Promise<{
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): unknown;
}> {
  if (!route.stream) return app.inject(opts);
  const res = await app.inject({ ...opts, payloadAsStream: true });
  const stream = res.stream();
  if (res.statusCode === 200) {
    stream.destroy();
    return { statusCode: 200, headers: res.headers, body: '', json: () => undefined };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
}
