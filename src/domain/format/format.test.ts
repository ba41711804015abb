import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatCardNumber,
  formatDollarsShort,
  formatExpiry,
  formatMinutes12h,
  formatMoney,
  formatPhone,
  formatUsd,
  keepCardDigits,
  keepCvv,
  keepExpiryDigits,
  keepPhoneDigits,
  normalizeNote,
  normalizeTableName,
  parseTime12h,
  shortenUserName,
} from './index.js';
import { parseDollarsToCents } from '../money/parse.js';

describe('money is shown with 2 decimals (K9.6)', () => {
  it.each([
    [500, '5.00'],
    [35, '0.35'],
    [1234, '12.34'],
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [9_999_900, '99999.00'],
  ])('%i cents shows as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('adds the dollar sign', () => {
    expect(formatUsd(3000)).toBe('$30.00');
    expect(formatUsd(-150)).toBe('-$1.50');
  });

  it('shows whole promotion amounts without .00 and others with two decimals', () => {
    expect(formatDollarsShort(2000)).toBe('$20');
    expect(formatDollarsShort(2050)).toBe('$20.50');
    expect(formatDollarsShort(5)).toBe('$0.05');
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it('property: formatting then reading gives back the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_900 }), (cents) => {
        return parseDollarsToCents(formatMoney(cents)) === cents;
      }),
    );
  });
});

describe('phone keeps digits only, at most 10, shown (xxx)xxx-xxxx (V5.2, V5.3, V5.5)', () => {
  it.each([
    ['(555) 12a-3', '555123'],
    ['555123456789', '5551234567'],
    ['+1 555 123 4567', '5551234567'],
    ['', ''],
  ])('keeps %j as %j', (input, kept) => {
    expect(keepPhoneDigits(input)).toBe(kept);
  });

  it.each([
    ['5551234567', '(555)123-4567'],
    ['555', '(555'],
    ['55512', '(555)12'],
    ['5551234', '(555)123-4'],
    ['', ''],
  ])('shows %j as %j', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });
});

describe('card number, expiry and CVV as typed (V5.10, V5.13, V5.16)', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111-1111-1111-1111', '4111 1111 1111 1111'],
    ['378282246310005', '3782 822463 10005'],
    ['41111', '4111 1'],
    ['', ''],
  ])('groups %j as %j', (input, shown) => {
    expect(formatCardNumber(input)).toBe(shown);
  });

  it('keeps at most 19 card digits', () => {
    expect(keepCardDigits('1'.repeat(25))).toHaveLength(19);
  });

  it.each([
    ['1229', '12/29'],
    ['12/29', '12/29'],
    ['122', '12/2'],
    ['1', '1'],
    ['122999', '12/29'],
  ])('shows expiry %j as %j', (input, shown) => {
    expect(formatExpiry(input)).toBe(shown);
    expect(keepExpiryDigits(input).length).toBeLessThanOrEqual(4);
  });

  it('keeps at most 4 CVV digits (V5.13)', () => {
    expect(keepCvv('12345')).toBe('1234');
    expect(keepCvv('1a2')).toBe('12');
  });
});

describe('long user names show as the first 11 plus ".." (K9.67)', () => {
  it.each([
    ['Alexandrina Smith', 'Alexandrina..'],
    ['Thirteen Char', 'Thirteen Char'],
    ['Fourteen Chars', 'Fourteen Ch..'],
    ['Bob', 'Bob'],
    ['', ''],
  ])('%j shows as %j', (name, shown) => {
    expect(shortenUserName(name)).toBe(shown);
  });
});

describe('item notes and table names', () => {
  it('capitalises the first letter of a note (V5.43)', () => {
    expect(normalizeNote('no onions')).toBe('No onions');
    expect(normalizeNote('')).toBe('');
    expect(normalizeNote('  extra hot')).toBe('Extra hot');
  });

  it('keeps at most 200 characters of a note (V5.42)', () => {
    expect(normalizeNote('a'.repeat(250))).toHaveLength(200);
  });

  it('strips "#" from a table name (V5.87)', () => {
    expect(normalizeTableName('#12')).toBe('12');
    expect(normalizeTableName(' T#5 ')).toBe('T5');
  });
});

describe('minutes since midnight in 12-hour form (K9.24)', () => {
  it.each([
    [660, '11:00 AM'],
    [0, '12:00 AM'],
    [720, '12:00 PM'],
    [750, '12:30 PM'],
    [1260, '9:00 PM'],
    [1439, '11:59 PM'],
    [1440, '12:00 AM'],
  ])('%i shows as %s', (minutes, text) => {
    expect(formatMinutes12h(minutes)).toBe(text);
  });

  it('refuses minutes outside a day', () => {
    expect(() => formatMinutes12h(1441)).toThrow(RangeError);
    expect(() => formatMinutes12h(-1)).toThrow(RangeError);
  });

  it.each([
    ['11:00 AM', false, 660],
    ['12:00 AM', false, 0],
    ['12:00 AM', true, 1440],
    ['12:30 pm', false, 750],
    ['9:05 p.m.', false, 1265],
    ['13:00 PM', false, null],
    ['9:60 AM', false, null],
    ['nine', false, null],
  ])('reads %j (end of day %s) as %j', (text, endOfDay, minutes) => {
    expect(parseTime12h(text, endOfDay)).toBe(minutes);
  });

  it('property: every minute of the day survives display and reading', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        (m) => parseTime12h(formatMinutes12h(m)) === m,
      ),
    );
  });
});
