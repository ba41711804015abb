import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateProportionally,
  applyPpm,
  divRoundHalfUp,
  parseDollarsToCents,
  parseFractionToPpm,
  parseWholeNumber,
  percentToPpm,
} from './index.js';

describe('the one rounding rule: half up, away from zero (docs/design/money.md)', () => {
  it.each([
    [0, 10, 0],
    [4, 10, 0],
    [5, 10, 1],
    [6, 10, 1],
    [15, 10, 2],
    [25, 10, 3],
    [-5, 10, -1],
    [-4, 10, 0],
    [-15, 10, -2],
    [1, 3, 0],
    [2, 3, 1],
  ])('divRoundHalfUp(%i, %i) is %i', (n, d, expected) => {
    expect(divRoundHalfUp(n, d)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(divRoundHalfUp(-4, 10), 0)).toBe(true);
  });

  it('stays exact near the top of the safe integer range', () => {
    // 9_007_199_254_740_991 = 2^53 − 1; floating division would round the quotient up.
    expect(divRoundHalfUp(9_007_199_254_499_999, 1_000_000)).toBe(9_007_199_254);
    expect(divRoundHalfUp(9_007_199_254_500_000, 1_000_000)).toBe(9_007_199_255);
  });

  it('refuses non-integers and a non-positive denominator', () => {
    expect(() => divRoundHalfUp(1.5, 10)).toThrow(RangeError);
    expect(() => divRoundHalfUp(10, 0)).toThrow(RangeError);
  });

  it.each([
    // [cents, ppm, expected]: K9.7 7 % of $10.00 is $0.70
    [1000, 70_000, 70],
    [1234, 70_000, 86], // 86.38
    [1250, 70_000, 88], // 87.5 → 88: the half goes up
    [150, 150_000, 23], // 22.5 → 23
    [149, 150_000, 22], // 22.35
    [0, 70_000, 0],
    [999_999, 0, 0],
    [999_999, 1_000_000, 999_999],
  ])('applyPpm(%i cents, %i ppm) is %i cents', (cents, ppm, expected) => {
    expect(applyPpm(cents, ppm)).toBe(expected);
  });

  it('reads whole percents as ppm', () => {
    expect(percentToPpm(7)).toBe(70_000);
    expect(percentToPpm(100)).toBe(1_000_000);
  });

  it('property: a rate between 0 and 1 gives whole cents between 0 and the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_900 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (c, r) => {
          const out = applyPpm(c, r);
          return Number.isSafeInteger(out) && out >= 0 && out <= c;
        },
      ),
    );
  });

  it('property: the result is the nearest whole cent, halves rounded up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (c, r) => {
          const exact = (c * r) / 1_000_000;
          const out = applyPpm(c, r);
          return out - exact <= 0.5 && exact - out < 0.5;
        },
      ),
    );
  });
});

describe('allocating an amount over lines in proportion', () => {
  it.each([
    [500, [1000, 1000], [250, 250]],
    [100, [1, 1, 1], [34, 33, 33]],
    [0, [10, 20], [0, 0]],
    [30, [10, 20], [10, 20]],
    [7, [0, 10], [0, 7]],
  ])('splits %i over %j as %j', (total, weights, expected) => {
    expect(allocateProportionally(total, weights)).toEqual(expected);
  });

  it('refuses to allocate something over nothing', () => {
    expect(() => allocateProportionally(5, [0, 0])).toThrow(RangeError);
  });

  it('property: shares add up to the total exactly and none exceeds its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * fraction);
          const shares = allocateProportionally(total, weights);
          return (
            shares.reduce((a, b) => a + b, 0) === total &&
            shares.every((s, i) => Number.isSafeInteger(s) && s >= 0 && s <= (weights[i] ?? 0))
          );
        },
      ),
    );
  });
});

describe('reading typed money and rates', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['.5', 50],
    ['0', 0],
    ['$12.34', 1234],
    ['1,200.00', 120_000],
    [' 7 ', 700],
    ['99999', 9_999_900],
    [12.34, 1234],
    [0.1, 10],
  ])('parseDollarsToCents(%j) is %i', (input, expected) => {
    expect(parseDollarsToCents(input)).toBe(expected);
  });

  it.each(['', 'abc', '-1', '1.234', '1e3', '.', '12.3.4', '1,2', Number.NaN, -0.01, 1.005])(
    'parseDollarsToCents(%j) is not an amount',
    (input) => {
      expect(parseDollarsToCents(input)).toBeNull();
    },
  );

  it.each([
    ['0.07', 70_000],
    ['.075', 75_000],
    ['1', 1_000_000],
    ['0', 0],
    [0.07, 70_000],
    ['0.123456', 123_456],
  ])('parseFractionToPpm(%j) is %i ppm', (input, expected) => {
    expect(parseFractionToPpm(input)).toBe(expected);
  });

  it.each(['', 'x', '-0.1', '0.1234567', Number.POSITIVE_INFINITY])(
    'parseFractionToPpm(%j) is not a rate',
    (input) => {
      expect(parseFractionToPpm(input)).toBeNull();
    },
  );

  it('reads whole numbers only', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber(3)).toBe(3);
    expect(parseWholeNumber('1.5')).toBeNull();
    expect(parseWholeNumber(-1)).toBeNull();
  });
});
