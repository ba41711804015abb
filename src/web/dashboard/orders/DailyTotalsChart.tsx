// The daily report's bar chart (spec §3, issue 13): each day's total in dollars, the days as the
// report serves them (oldest first; days without orders are left out, as in the table). recharts
// is loaded only with this module: ReportModals.tsx imports it lazily, so the library is a chunk
// of its own fetched when the daily report opens. The table beside it carries the figures, so to
// assistive technology the chart is one image whose label sums it up. Its height is fixed in
// orders.css (.daily-chart), which the loading placeholder shares: nothing moves when it arrives.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyRow } from '../../../contract/merchant-reports.js';
import { formatCents } from '../../lib/format.js';

/** "Daily totals, 7 days, highest $120.50 on 2026-11-03" (the first such day on a tie). */
export function dailyTotalsLabel(rows: readonly DailyRow[]): string {
  const days = `${rows.length} ${rows.length === 1 ? 'day' : 'days'}`;
  const highest = rows.reduce<DailyRow | undefined>(
    (best, row) => (best === undefined || row.totalCents > best.totalCents ? row : best),
    undefined,
  );
  return highest
    ? `Daily totals, ${days}, highest ${formatCents(highest.totalCents)} on ${highest.day}`
    : `Daily totals, ${days}`;
}

/** An axis or tooltip amount in dollars back to the app's money text ("$12.50"). */
const dollarsText = (dollars: unknown) => formatCents(Math.round(Number(dollars) * 100));

const TICK = { fill: 'var(--color-muted)', fontSize: 12 };

export function DailyTotalsChart({ rows }: { rows: readonly DailyRow[] }) {
  const data = rows.map((row) => ({ day: row.day, dollars: row.totalCents / 100 }));
  return (
    <div className="daily-chart" role="img" aria-label={dailyTotalsLabel(rows)}>
      <BarChart
        responsive
        data={data}
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        // The drawing is the labelled image's: no role and no tab stop of its own inside it.
        role="presentation"
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="day"
          tick={TICK}
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
        />
        <YAxis
          width="auto"
          tick={TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={dollarsText}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-brand-soft)' }}
          formatter={(value) => [dollarsText(value), 'Total']}
          separator=": "
          contentStyle={{
            borderRadius: 'var(--radius-sm)',
            borderColor: 'var(--color-border)',
            color: 'var(--color-text)',
          }}
        />
        <Bar
          dataKey="dollars"
          name="Total"
          fill="var(--color-brand)"
          radius={[4, 4, 0, 0]}
          maxBarSize={56}
          // The bars are drawn at once: the same picture for every visit, screenshot and test.
          isAnimationActive={false}
        />
      </BarChart>
    </div>
  );
}
