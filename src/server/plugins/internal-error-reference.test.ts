// A 500 names a reference code and nothing else (spec §8 "Internal error [..]", checklist M8.10):
// the code is the request id's first 8 characters, the log line carries the whole id and the
// details, and the answer carries no detail of the error.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';

const lines: string[] = [];
const app = Fastify({
  genReqId: () => randomUUID(),
  logger: {
    level: 'error',
    stream: new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  },
});

beforeAll(async () => {
  registerErrorHandler(app, { serveSpa: false, retryAfterSeconds: 2 });
  app.get('/boom', async () => {
    throw new Error('secret detail: connection string postgres://user:pw@db');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('an unhandled error (M8.10)', () => {
  it('answers "Internal error" with the request id\'s first 8 characters, the log the rest', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json<{ reference: string }>();
    expect(body).toEqual({
      code: 'internal',
      message: 'Internal error',
      reference: body.reference,
    });
    expect(body.reference).toMatch(/^[0-9a-f]{8}$/);
    expect(res.body).not.toContain('secret detail');
    const logged = lines.map((l) => JSON.parse(l) as { reqId: string; err?: { message: string } });
    const line = logged.find((l) => l.reqId.startsWith(body.reference));
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(line?.err?.message).toContain('secret detail');
  });
});
