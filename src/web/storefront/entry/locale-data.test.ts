// The browser's locale data are loaded before react-aria's chunk, in a worker where there is one
// (./locale-data.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_WORKER_TIMEOUT_MS, loadLocaleData } from './locale-data.js';

/** A stand-in for `Worker` whose instances the test answers for. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeWorker.made = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('loadLocaleData', () => {
  it('asks a worker, and resolves when it answers, ending it', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const onMain = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const loading = loadLocaleData();
    expect(FakeWorker.made).toHaveLength(1);
    expect(String(FakeWorker.made[0]!.url)).toMatch(/locale-data\.worker/);
    expect(await settled(loading)).toBe(false);
    FakeWorker.made[0]!.onmessage!();
    expect(await settled(loading)).toBe(true);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(onMain).not.toHaveBeenCalled();
  });

  it('goes on without the worker when it fails, or after the timeout', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const failed = loadLocaleData();
    FakeWorker.made[0]!.onerror!();
    expect(await settled(failed)).toBe(true);

    const silent = loadLocaleData();
    await vi.advanceTimersByTimeAsync(LOCALE_WORKER_TIMEOUT_MS - 1);
    expect(await settled(silent)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(silent)).toBe(true);
    expect(FakeWorker.made[1]!.terminated).toBe(true);
  });

  it('loads them on the main thread where there are no workers, or one cannot be made', async () => {
    const onMain = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    vi.stubGlobal('Worker', undefined);
    expect(await settled(loadLocaleData())).toBe(true);
    expect(onMain).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('refused by policy');
        }
      },
    );
    expect(await settled(loadLocaleData())).toBe(true);
    expect(onMain).toHaveBeenCalledTimes(2);
  });
});
