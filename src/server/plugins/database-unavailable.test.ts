// The one error handler answers a database that is away (restarting, refusing connections, a
// connection cut mid-request) with 503 upstream_unavailable and Retry-After, never 500; other
// database errors stay internal errors (issue 9).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_S } from '../db/connection-errors.js';
import { registerErrorHandler } from './error-handler.js';

const app = Fastify({ logger: false });
const thrown: Record<string, () => Error> = {
  // What drizzle throws for a query whose connection was terminated by `pg_ctl restart`.
  terminated: () =>
    new Error('Failed query: select "id" from "carts"\nparams: diner-secret', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    }),
  refused: () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  cut: () => new Error('Connection terminated unexpectedly'),
  duplicate: () =>
    new Error('Failed query: insert', {
      cause: Object.assign(new Error('duplicate key'), { code: '23505' }),
    }),
};

beforeAll(async () => {
  registerErrorHandler(app, { serveSpa: false, retryAfterSeconds: 2 });
  app.get('/throw/:kind', async (req) => {
    throw thrown[(req.params as { kind: string }).kind]!();
  });
  await app.ready();
});
afterAll(() => app.close());

describe('database errors through the error handler', () => {
  it.each(['terminated', 'refused', 'cut'])('%s: 503 with Retry-After', async (kind) => {
    const res = await app.inject(`/throw/${kind}`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(res.json()).toEqual({
      code: 'upstream_unavailable',
      message: 'The service is briefly unavailable, please try again shortly',
    });
    expect(res.body).not.toContain('diner-secret');
  });

  it('any other database error stays a 500 without details', async () => {
    const res = await app.inject('/throw/duplicate');
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'Internal error',
      reference: expect.stringMatching(/^[A-Za-z0-9]{1,8}$/),
    });
  });
});
