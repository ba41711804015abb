// The board's filters live in the address (?status=ready&view=now&q=…&range=week), beside the
// selected order (?order=): a refresh, a bookmark or Back keeps the view staff were working in.
// What the address says is read leniently: an unknown value is the default, never an error.
import { BOARD_STATUSES, type BoardStatus } from '../../../contract/merchant-orders.js';
import { ALL_BOARD, type BoardChoice, type RangeChoice, type RangeKind } from './queries.js';

const RANGES: readonly RangeKind[] = ['today', 'week', 'month', 'year', 'custom', 'all'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function boardFromParams(p: URLSearchParams): BoardChoice {
  const status = p.get('status');
  return {
    status: BOARD_STATUSES.includes(status as BoardStatus) ? (status as BoardStatus) : 'all',
    now: p.get('view') === 'now',
    q: p.get('q') ?? ALL_BOARD.q,
  };
}

export function rangeFromParams(p: URLSearchParams): RangeChoice {
  const range = p.get('range');
  if (!RANGES.includes(range as RangeKind)) return { range: 'today' };
  const from = p.get('from');
  const to = p.get('to');
  return {
    range: range as RangeKind,
    ...(range === 'custom' && from && DAY.test(from) ? { from } : {}),
    ...(range === 'custom' && to && DAY.test(to) ? { to } : {}),
  };
}

/** The address's parameters with the board's choice in them (defaults left out). */
export function withBoard(p: URLSearchParams, b: BoardChoice): URLSearchParams {
  const next = new URLSearchParams(p);
  put(next, 'status', b.status === 'all' ? null : b.status);
  put(next, 'view', b.now ? 'now' : null);
  put(next, 'q', b.q === '' ? null : b.q);
  return next;
}

export function withRange(p: URLSearchParams, r: RangeChoice): URLSearchParams {
  const next = new URLSearchParams(p);
  put(next, 'range', r.range === 'today' ? null : r.range);
  put(next, 'from', r.range === 'custom' ? (r.from ?? null) : null);
  put(next, 'to', r.range === 'custom' ? (r.to ?? null) : null);
  return next;
}

function put(p: URLSearchParams, key: string, value: string | null) {
  if (value === null) p.delete(key);
  else p.set(key, value);
}
