import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  checkCardNumber,
  checkCvv,
  checkExpiry,
  checkPassword,
  checkPhone,
  checkZip,
  isCalendarDate,
  passesLuhn,
} from './fields.js';

const NY = 'America/New_York';
const AMEX = 'This merchant is not accepting American Express';

describe('phone is 10 digits (V5.4, K9.43)', () => {
  it.each([
    ['5551234567', null],
    ['(555)123-4567', null],
    ['+1 (555) 123-4567', null],
    ['555123456', 'Invalid'], // 9 digits
    ['55512345678', 'Invalid'], // 11 digits not starting with 1
    ['', 'Invalid'],
  ])('%j → %j', (input, result) => {
    expect(checkPhone(input)).toBe(result);
  });
});

describe('card number (V5.7–V5.11)', () => {
  it.each([
    ['4111111111111111', true, null],
    ['4111 1111 1111 1111', true, null],
    ['5555555555554444', true, null],
    ['6011111111111117', true, null],
    ['378282246310005', true, null], // 15-digit Amex when allowed
    ['378282246310005', false, AMEX], // V5.9
    ['3', false, AMEX], // told as soon as the 3 is typed
    ['41111111111111', true, 'Invalid'], // V5.7: 14 digits
    ['1111111111111117', true, 'Invalid'], // V5.8: leading 1
    ['2221000000000009', true, 'Invalid'], // leading 2
    ['7111111111111111', true, 'Invalid'],
    ['4111111111111112', true, 'Invalid'], // V5.11: fails Luhn
    ['41111111111111111111', true, 'Invalid'], // V5.11: 20 digits
    ['4111a11111111111', true, 'Invalid'],
    ['', true, 'Invalid'],
  ])('%j with Amex allowed %s → %j', (input, allowAmex, result) => {
    expect(checkCardNumber(input, allowAmex)).toBe(result);
  });

  it('knows the Luhn checksum', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('CVV is 3 or 4 digits (V5.12, V5.13)', () => {
  it.each([
    ['123', null],
    ['1234', null],
    ['12', 'Invalid'],
    ['12345', 'Invalid'],
    ['12a', 'Invalid'],
  ])('%j → %j', (input, result) => {
    expect(checkCvv(input)).toBe(result);
  });
});

describe('expiry MMYY, not past (V5.14, V5.15)', () => {
  const now = DateTime.fromISO('2025-06-15T12:00', { zone: NY });
  it.each([
    ['0625', null], // the current month is still valid
    ['06/25', null],
    ['0725', null],
    ['0126', null], // next year
    ['0525', 'Invalid'], // last month
    ['1224', 'Invalid'], // last year
    ['1325', 'Invalid'], // month 13
    ['0025', 'Invalid'],
    ['123', 'Invalid'], // V5.14: too short
    ['12a5', 'Invalid'],
  ])('%j on 2025-06-15 → %j', (input, result) => {
    expect(checkExpiry(input, now, NY)).toBe(result);
  });

  it('turns the month on the merchant’s calendar', () => {
    // 03:00 UTC on July 1 is still June 30 in New York.
    expect(checkExpiry('0625', DateTime.fromISO('2025-07-01T03:00:00Z'), NY)).toBeNull();
    expect(checkExpiry('0625', DateTime.fromISO('2025-07-01T05:00:00Z'), NY)).toBe('Invalid');
  });
});

describe('zip (V5.17, V5.18)', () => {
  it.each([
    ['12345', null],
    ['12345-6789', null],
    ['123456789', null],
    ['1234', 'Invalid'],
    ['123456', 'Invalid'],
    ['1234a', 'Invalid'],
  ])('%j → %j', (input, result) => {
    expect(checkZip(input)).toBe(result);
  });

  it('says "Invalid!" on the profile', () => {
    expect(checkZip('1234', 'Invalid!')).toBe('Invalid!');
  });
});

describe('password rule (V5.22, V5.23)', () => {
  const rule =
    'Password needs to be minimum eight characters, at least one uppercase letter, one lowercase letter and one number.';
  it.each([
    ['Abcdefg1', null],
    ['Abcdef1!', null], // symbols allowed
    ['Abc def 1', null],
    ['abcdefgh', rule],
    ['ABCDEFG1', rule],
    ['abcdefg1', rule],
    ['Abcdefgh', rule],
    ['Abcde1', rule], // too short
    ['A1' + 'a'.repeat(127), rule], // too long
  ])('%j → %j', (input, result) => {
    expect(checkPassword(input)).toBe(result);
  });
});

describe('isCalendarDate (a scheduled date must exist, issue 9)', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['2026-12-31', true],
    ['2026-02-31', false],
    ['2025-02-29', false],
    ['1900-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-1-05', false],
    ['20260105', false],
  ])('%s → %s', (input, ok) => {
    expect(isCalendarDate(input)).toBe(ok);
  });
});
