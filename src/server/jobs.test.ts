// Background jobs while the database is away: a run failing with a connection error pauses the
// job with a growing delay and logs one warning (not an error every 250 ms tick); it runs at its
// own pace again once a run gets through. Other failures are logged as errors on every tick.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AppContext } from './app-context.js';
import { startJobs } from './jobs.js';

function fakeContext() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg?: string) =>
    lines.push({ level, msg: msg ?? '' });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
  return { ctx: { log } as unknown as AppContext, lines };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('startJobs while the database is away', () => {
  it('pauses a job failing with a connection error, warns once, and resumes when it gets through', async () => {
    const { ctx, lines } = fakeContext();
    let runs = 0;
    let databaseUp = false;
    const stop = startJobs(ctx, [
      {
        name: 'probe',
        everyMs: 10,
        run: async () => {
          runs++;
          if (!databaseUp) throw refused();
        },
      },
    ]);
    await sleep(1000);
    // Ticks every 10 ms would be ~100 runs; paused 250, 500, 1000 ms… it is a handful.
    const duringOutage = runs;
    expect(duringOutage).toBeLessThanOrEqual(5);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);

    databaseUp = true;
    await sleep(1500);
    await stop();
    expect(runs - duringOutage).toBeGreaterThan(5);
    expect(lines.some((l) => l.level === 'info' && l.msg.includes('database back'))).toBe(true);
  });

  it('keeps logging other failures as errors on every tick', async () => {
    const { ctx, lines } = fakeContext();
    const stop = startJobs(ctx, [
      {
        name: 'buggy',
        everyMs: 20,
        run: async () => {
          throw new TypeError('x is undefined');
        },
      },
    ]);
    await sleep(300);
    await stop();
    expect(lines.filter((l) => l.level === 'error').length).toBeGreaterThan(3);
  });
});
