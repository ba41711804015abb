// The daily report's bar chart (issue 13, spec §3): the report modal loads it lazily and shows one
// bar per day served, labelled for assistive technology with a summary of the range (the table
// beside it carries the figures).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyReport, DailyRow } from '../../../contract/merchant-reports.js';
import { jsonResponse } from '../../test-data/render.js';
import { mockApi, renderDashboardPart } from '../test/dashboard-testkit.js';
import { dailyTotalsLabel } from './DailyTotalsChart.js';
import { DailyReportModal } from './ReportModals.js';

/** recharts is the heaviest lazy chunk: its first load in a busy test run can take seconds. */
const CHART = { timeout: 15_000 };

/** The chart's box as a browser lays out the report modal at 1280 px (jsdom lays out nothing). */
const BOX = { width: 640, height: 240 };

/**
 * recharts sizes a `responsive` chart from a ResizeObserver, which jsdom lacks: without one the
 * chart would draw at a size parsed from "100%". This one reports the box at once, as a browser's
 * first observation does.
 */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { ...BOX, x: 0, y: 0, top: 0, left: 0 } };
    this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

/** A day's (or the range's) money columns: all of it subtotal, for the chart only the total counts. */
function sums(totalCents: number, orders: number): DailyReport['total'] {
  return {
    subtotalCents: totalCents,
    taxCents: 0,
    tipsCents: 0,
    discountCents: 0,
    processingFeeCents: 0,
    serviceFeeCents: 0,
    deliveryFeeCents: 0,
    totalCents,
    orders,
  };
}

const row = (day: string, totalCents: number): DailyRow => ({ day, ...sums(totalCents, 1) });

function reportOf(rows: DailyRow[]): DailyReport {
  const totalCents = rows.reduce((s, r) => s + r.totalCents, 0);
  return {
    timeZone: 'America/New_York',
    rows,
    total: sums(totalCents, rows.length),
    byPaymentType: [],
  };
}

function openReport(rows: DailyRow[]) {
  mockApi([['GET', /\/orders\/daily$/, () => jsonResponse(200, reportOf(rows))]]);
  renderDashboardPart(
    <DailyReportModal merchantId="demo" range={{ range: 'week' }} onClose={() => {}} />,
  );
}

beforeEach(() => vi.stubGlobal('ResizeObserver', SizedResizeObserver));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the daily report chart', () => {
  it('shows one bar per day served, labelled with the days and the highest total', async () => {
    openReport([row('2026-11-02', 2258), row('2026-11-03', 4516), row('2026-11-05', 1000)]);
    const chart = await screen.findByRole(
      'img',
      { name: 'Daily totals, 3 days, highest $45.16 on 2026-11-03' },
      CHART,
    );
    const dialog = screen.getByRole('dialog', { name: 'Daily report' });
    expect(dialog.contains(chart)).toBe(true);
    // The table still carries the figures beside it.
    expect(within(dialog).getByRole('rowheader', { name: '2026-11-03' })).toBeTruthy();

    // The drawing belongs to the labelled image: no role and no tab stop of its own.
    const svg = chart.querySelector('svg.recharts-surface');
    expect(svg?.getAttribute('role')).toBe('presentation');
    expect(svg?.hasAttribute('tabindex')).toBe(false);
    // Drawn at the box's size, one bar per day, the highest day the tallest.
    expect(svg?.getAttribute('width')).toBe(String(BOX.width));
    expect(svg?.getAttribute('height')).toBe(String(BOX.height));
    const bars = [...chart.querySelectorAll('.recharts-bar-rectangle path')];
    expect(bars).toHaveLength(3);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights.every((h) => h > 0)).toBe(true);
    expect(Math.max(...heights)).toBe(heights[1]);
    expect(heights[0]! / heights[1]!).toBeCloseTo(2258 / 4516, 2);

    // The axes: the days served, and dollars.
    const ticks = (axis: string) =>
      [
        ...chart.querySelectorAll(
          `.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`,
        ),
      ].map((t) => t.textContent);
    expect(ticks('xAxis')).toEqual(['2026-11-02', '2026-11-03', '2026-11-05']);
    expect(ticks('yAxis')).toContain('$0.00');
    expect(ticks('yAxis').every((t) => /^\$\d+\.\d\d$/.test(t ?? ''))).toBe(true);
  }, 20_000);

  it('is not drawn for a range without orders', async () => {
    openReport([]);
    expect(await screen.findByText('No Data Found')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the chart label', () => {
  it('counts the days and names the first highest day', () => {
    expect(dailyTotalsLabel([row('2026-11-02', 500)])).toBe(
      'Daily totals, 1 day, highest $5.00 on 2026-11-02',
    );
    expect(
      dailyTotalsLabel([row('2026-11-02', 900), row('2026-11-03', 1250), row('2026-11-04', 1250)]),
    ).toBe('Daily totals, 3 days, highest $12.50 on 2026-11-03');
    expect(dailyTotalsLabel([])).toBe('Daily totals, 0 days');
  });
});
