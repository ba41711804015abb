// The store page paints the top of its menu (its largest contentful paint) before anything else
// starts: item images and the reads the top of the page does not show (the full menu, the diner's
// cart id, the sign-in state) begin in the frame after it, so on a slow connection they do not
// queue ahead of it (bench/storefront: LCP). Outside the store page nothing waits (default true).
// Work that can come later still (the arrival notice) waits for an idle moment (`whenIdle`).
import { createContext, useContext } from 'react';

export const FirstPaintContext = createContext(true);

/** Whether the store page's first paint is done (always true outside the store page). */
export function useAfterFirstPaint(): boolean {
  return useContext(FirstPaintContext);
}

/**
 * Calls `done` once the frame being prepared has been painted; returns a cancel. The first
 * requestAnimationFrame runs just before that paint, the second just before the next one.
 */
export function afterNextPaint(done: () => void): () => void {
  let second = 0;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(() => done());
  });
  return () => {
    cancelAnimationFrame(first);
    cancelAnimationFrame(second);
  };
}

/** How long `whenIdle` waits for an idle moment before it runs its callback anyway. */
export const IDLE_TIMEOUT_MS = 2_000;

/**
 * Calls `done` in a moment when the browser has nothing else to do (after the frames in progress
 * are painted), or after `IDLE_TIMEOUT_MS` at the latest; returns a cancel. Where
 * `requestIdleCallback` is missing (Safari), a short timer stands in for it.
 */
export function whenIdle(done: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => done(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(done, 50);
  return () => window.clearTimeout(timer);
}
