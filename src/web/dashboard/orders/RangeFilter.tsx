// The date-range filter of the Orders pane (spec §2): Today, This Week, This Month, This Year, a
// custom range and All Period, read in the merchant's time zone by the server.
import type { RangeChoice, RangeKind } from './queries.js';

export const RANGE_LABELS: Record<RangeKind, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  year: 'This Year',
  custom: 'Custom range',
  all: 'All Period',
};
const ORDER: RangeKind[] = ['today', 'week', 'month', 'year', 'custom', 'all'];

/** Today's date (yyyy-mm-dd) in the merchant's zone, to start a custom range with. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
}

export function RangeFilter({
  value,
  onChange,
  timeZone,
  disabled = false,
}: {
  value: RangeChoice;
  onChange: (next: RangeChoice) => void;
  timeZone: string | undefined;
  /** The board's Now view is on: the range is not read (every open order, whatever day). */
  disabled?: boolean;
}) {
  const invalid = value.range === 'custom' && !!value.from && !!value.to && value.from > value.to;
  return (
    <div className="range-filter">
      <div className="dash-field">
        <label htmlFor="orders-range">Date range</label>
        <select
          id="orders-range"
          value={value.range}
          disabled={disabled}
          aria-describedby={disabled ? 'orders-range-now' : undefined}
          onChange={(e) => {
            const range = e.target.value as RangeKind;
            if (range === 'custom') {
              const today = todayIn(timeZone);
              onChange({ range, from: value.from ?? today, to: value.to ?? today });
            } else onChange({ range });
          }}
        >
          {ORDER.map((kind) => (
            <option key={kind} value={kind}>
              {RANGE_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      {disabled ? (
        <p id="orders-range-now" className="muted range-filter__now">
          Now: every open order, whatever day it was placed.
        </p>
      ) : null}
      {value.range === 'custom' && !disabled ? (
        <div className="range-filter__custom">
          <div className="dash-field">
            <label htmlFor="orders-from">From</label>
            <input
              id="orders-from"
              type="date"
              value={value.from ?? ''}
              max={value.to}
              onChange={(e) => onChange({ ...value, from: e.target.value })}
            />
          </div>
          <div className="dash-field">
            <label htmlFor="orders-to">To</label>
            <input
              id="orders-to"
              type="date"
              value={value.to ?? ''}
              min={value.from}
              onChange={(e) => onChange({ ...value, to: e.target.value })}
            />
          </div>
          {invalid ? (
            <p className="form-error" role="alert">
              The first day must not be after the last.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
