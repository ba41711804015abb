// Placement hooks and background jobs are registered where the app is built (app.ts), per app:
// no module adds itself at import time, and two apps in one process share no hook list (issue 10;
// docs/decisions/module-boundaries.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { createTestApp } from '../support/test-app.js';

describe('hooks and jobs registered where the app is built', () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
  });

  it('gives each app its own order-placed hooks, both registered from the start', () => {
    expect(a.ctx.hooks.orderPlaced).toHaveLength(2);
    expect(b.ctx.hooks.orderPlaced).toHaveLength(2);
    expect(a.ctx.hooks.orderPlaced).not.toBe(b.ctx.hooks.orderPlaced);
    const extra = async () => {};
    a.ctx.hooks.orderPlaced.push(extra);
    expect(b.ctx.hooks.orderPlaced).not.toContain(extra);
    a.ctx.hooks.orderPlaced.pop();
  });

  it('lists its background jobs', () => {
    expect(a.jobs.map((j) => j.name)).toEqual([
      'purge expired sessions',
      'purge forgotten sign-in failures',
      'outbox worker',
      expect.stringMatching(/payment/),
      'delete abandoned uploads',
      'queue automatic kitchen tickets',
    ]);
  });
});
