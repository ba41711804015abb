import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBellUnlocked, resetBellForTests, unlockBell } from './bell-audio.js';
import { useOrderBell } from './useOrderBell.js';

/**
 * Media as a browser runs it: play() resolves once the sound has loaded, and pause() or taking the
 * element out of the page before then rejects it with AbortError.
 */
function slowMedia() {
  let pending: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const abort = () => {
    pending?.reject(new DOMException('interrupted by pause()', 'AbortError'));
    pending = null;
  };
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(
    () => new Promise<void>((resolve, reject) => (pending = { resolve, reject })),
  );
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(abort);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  const remove = HTMLMediaElement.prototype.remove;
  vi.spyOn(HTMLMediaElement.prototype, 'remove').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    abort();
    remove.call(this);
  });
  return {
    loaded: () => {
      pending?.resolve();
      pending = null;
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  resetBellForTests();
});

describe('the order bell on a slow tablet', () => {
  it('keeps the sign-in unlock when the dashboard unmounts before the sound has loaded', async () => {
    const media = slowMedia();
    const unlocking = unlockBell(); // the sign-in click
    const { unmount } = renderHook(() => useOrderBell(false));
    unmount(); // e.g. a redirect or the session check re-rendering the page
    media.loaded();
    expect(await unlocking).toBe(true);
    expect(isBellUnlocked()).toBe(true);
  });
});
