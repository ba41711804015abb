import { describe, expect, it } from 'vitest';
import { boardFromParams, rangeFromParams, withBoard, withRange } from './board-params.js';

describe("the board's filters in the address", () => {
  it('round-trips a status, the Now view, a search and a custom range, keeping the order', () => {
    let p = new URLSearchParams('order=abc');
    p = withBoard(p, { status: 'ready', now: true, q: 'Grace' });
    p = withRange(p, { range: 'custom', from: '2026-11-01', to: '2026-11-27' });
    expect(p.get('order')).toBe('abc');
    expect(boardFromParams(p)).toEqual({ status: 'ready', now: true, q: 'Grace' });
    expect(rangeFromParams(p)).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-27' });
  });

  it('leaves the defaults out of the address', () => {
    const p = withRange(withBoard(new URLSearchParams(), { status: 'all', now: false, q: '' }), {
      range: 'today',
    });
    expect(p.toString()).toBe('');
  });

  it('reads unknown or malformed values as the defaults', () => {
    const p = new URLSearchParams('status=eaten&view=later&range=decade&from=yesterday');
    expect(boardFromParams(p)).toEqual({ status: 'all', now: false, q: '' });
    expect(rangeFromParams(p)).toEqual({ range: 'today' });
    expect(rangeFromParams(new URLSearchParams('range=custom&from=1st'))).toEqual({
      range: 'custom',
    });
  });
});
