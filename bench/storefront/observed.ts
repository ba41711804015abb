// The store page's blocking time as Chromium itself observes it at 4× CPU slowdown (DevTools'
// throttling, a real slowdown), beside Lighthouse's simulated figure. Lighthouse simulates a
// phone from one fast, unthrottled load, so a busy 2-core machine swings its TBT by ±50 % between
// runs of one build; the page's own long tasks under real throttling vary less, and each load
// lists what they were (bench/README.md, "Figures of the kept cut").
import type { Browser } from '@playwright/test';

/** Long tasks after the first contentful paint, each counted beyond 50 ms (TBT's rule). */
export interface ObservedLoad {
  fcpMs: number;
  tbtMs: number;
  /** [start ms, duration ms] of each long task after the first contentful paint. */
  tasks: [number, number][];
}

const CPU_SLOWDOWN = 4;
/** How long each load is watched: the page is quiet well before (the notice has opened). */
const WATCH_MS = 10_000;

export async function observedLoad(browser: Browser, url: string): Promise<ObservedLoad> {
  // Lighthouse's mobile screen; a first visit, so the arrival notice opens as for a new diner.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript({
      content: `window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });`,
    });
    await page.goto(url);
    await page.waitForTimeout(WATCH_MS);
    // A string, not a function: the bench is compiled without the DOM library.
    const { tasks, fcp } = (await page.evaluate(`({
      tasks: window.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    })`)) as { tasks: [number, number][]; fcp: number };
    const after = tasks.filter(([start]) => start >= fcp);
    return {
      fcpMs: fcp,
      tbtMs: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      tasks: after,
    };
  } finally {
    await context.close();
  }
}

export const formatObserved = (load: ObservedLoad) =>
  `FCP ${(load.fcpMs / 1000).toFixed(2)} s  TBT ${load.tbtMs.toFixed(0)} ms  long tasks ${load.tasks
    .map(([start, d]) => `${d.toFixed(0)}@${(start / 1000).toFixed(2)}s`)
    .join(' ')}`;
