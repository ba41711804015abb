// A JSON response serialized once and kept in memory with its compressed forms, so a cache hit
// costs a header or two and a write. Brotli and gzip are made on first demand, off the event
// loop (zlib's thread pool), and kept; small bodies are sent as they are.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies below this many bytes are not worth compressing (same threshold as @fastify/compress). */
export const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

export class CachedBody {
  readonly raw: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(json: string) {
    this.raw = Buffer.from(json, 'utf8');
    // Weak: the same validator stands for the identity, brotli and gzip forms of the body.
    this.etag = `W/"${createHash('sha1').update(this.raw).digest('base64url')}"`;
  }

  static of(value: unknown): CachedBody {
    return new CachedBody(JSON.stringify(value));
  }

  /** The body in an encoding, compressed on first use and kept. */
  in(encoding: Encoding): Promise<Buffer> {
    let p = this.encoded.get(encoding);
    if (!p) {
      p =
        encoding === 'br'
          ? brotli(this.raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : gzip(this.raw, { level: 9 });
      // A failed compression is not kept: the next request tries again.
      p.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, p);
    }
    return p;
  }
}

/**
 * The best encoding the client accepts: br, then gzip, else identity. Reads `q` values, so
 * `br;q=0` refuses brotli and `*` accepts anything not named.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q' && v !== undefined) {
        const n = Number(v);
        weight = Number.isFinite(n) ? n : 0;
      }
    }
    q[name] = weight;
  }
  const accepts = (enc: Encoding) => (q[enc] ?? q['*'] ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a cached body: 304 when the client already holds it (If-None-Match), else the body in
 * the best encoding the client accepts. Diners always revalidate (`no-cache`), so a change shows
 * on their next request while an unchanged menu costs a 304.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache');
  reply.header('etag', body.etag);
  reply.header('vary', 'accept-encoding');
  const inm = request.headers['if-none-match'];
  const opaque = body.etag.slice(2);
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding =
    body.raw.length >= COMPRESS_THRESHOLD
      ? negotiateEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(body.raw);
  const data = await body.in(encoding);
  // A Content-Encoding already set tells @fastify/compress to leave the body alone.
  reply.header('content-encoding', encoding);
  return reply.send(data);
}
