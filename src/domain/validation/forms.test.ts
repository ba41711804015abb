import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  checkoutSchema,
  customerInfoSchema,
  customTipSchema,
  itemChoiceSchema,
  makeCardFieldsSchema,
  needsPhoneVerification,
  profileSchema,
  promoCodeSchema,
  sendCodeSchema,
  signInSchema,
  signUpSchema,
  tipChoiceSchema,
  verifyCodeSchema,
} from './forms.js';

/** The first error of a parse as { path, message }, or null when it passes. */
function firstError(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { path: issue?.path.join('.') ?? '', message: issue?.message ?? '' };
}

describe('sign in (V5.25)', () => {
  const message = 'Please enter username and password to login';
  it.each([
    [{ email: 'a@b.com', password: 'x' }, null],
    [{ email: '', password: 'x' }, message],
    [{ email: 'a@b.com', password: '' }, message],
    [{ email: '  ', password: 'x' }, message],
    [{}, message],
  ])('%j → %j', (input, result) => {
    expect(firstError(signInSchema, input)?.message ?? null).toBe(result);
  });
});

describe('sign up (V5.26–V5.28, K9.51)', () => {
  const valid = {
    username: 'alice',
    email: 'alice@example.com',
    password: 'Abcdefg1',
    confirmPassword: 'Abcdefg1',
  };

  it('accepts a 5-character username (the spec’s "between 5~50" includes 5)', () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, username: 'a'.repeat(50) }).success).toBe(true);
  });

  it.each([
    [{ username: 'abcd' }, 'username', 'Username must be between 5~50 characters'],
    [{ username: 'a'.repeat(51) }, 'username', 'Username must be between 5~50 characters'],
    [{ email: 'a@b' }, 'email', 'Please enter a valid email'],
    [{ email: 'ab.com' }, 'email', 'Please enter a valid email'],
    [
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      'password',
      'Password needs to be minimum eight characters, at least one uppercase letter, one lowercase letter and one number.',
    ],
    [{ confirmPassword: 'Abcdefg2' }, 'confirmPassword', "Password doesn't match!"],
  ])('%j fails on %s with %j', (change, path, message) => {
    expect(firstError(signUpSchema, { ...valid, ...change })).toEqual({ path, message });
  });
});

describe('profile (V5.6, V5.18, V5.24, V5.30)', () => {
  const valid = {
    username: 'alice',
    name: 'Alice',
    address: '1 Main St',
    zipcode: '12345',
    phone: '(555)123-4567',
  };

  it('keeps the phone as 10 digits', () => {
    expect(profileSchema.parse(valid).phone).toBe('5551234567');
  });

  it('accepts an empty phone and zip', () => {
    expect(profileSchema.safeParse({ ...valid, phone: '', zipcode: '' }).success).toBe(true);
  });

  it.each([
    [{ username: '' }, 'username', 'Required'],
    [{ username: 'abcd' }, 'username', 'Username should be more than 5 characters!'],
    [{ zipcode: '1234' }, 'zipcode', 'Invalid!'],
    [{ phone: '555123456' }, 'phone', 'Invalid'],
  ])('%j fails on %s with %j', (change, path, message) => {
    expect(firstError(profileSchema, { ...valid, ...change })).toEqual({ path, message });
  });
});

describe('phone verification (V5.63, V5.64)', () => {
  it('needs a valid phone before sending a code', () => {
    expect(sendCodeSchema.parse({ phoneNum: '(555)123-4567' })).toEqual({
      phoneNum: '5551234567',
    });
    expect(firstError(sendCodeSchema, { phoneNum: '555123456' })?.message).toBe(
      'Please enter a valid Phone number',
    );
  });

  it.each([
    ['1234', null],
    ['123', 'Invalid code'],
    ['12345', 'Invalid code'],
    ['12a4', 'Invalid code'],
    ['', 'Invalid code'],
  ])('code %j → %j', (code, message) => {
    expect(
      firstError(verifyCodeSchema, { phoneNum: '5551234567', verificationCode: code })?.message ??
        null,
    ).toBe(message);
  });

  it('asks only anonymous diners to verify (spec §1)', () => {
    expect(needsPhoneVerification(false, false)).toBe(true);
    expect(needsPhoneVerification(false, true)).toBe(false);
    expect(needsPhoneVerification(true, false)).toBe(false);
  });
});

describe('customer-info form (V5.99–V5.102)', () => {
  const valid = {
    fname: 'Ann',
    lname: 'Lee',
    email: 'ann@example.com',
    phone: '555-123-4567',
    address: '1 Main St',
  };

  it('keeps the phone digits only', () => {
    expect(customerInfoSchema.parse(valid).phone).toBe('5551234567');
  });

  it.each([
    [{ fname: '' }, 'fname', 'This field needs to be filled'],
    [{ lname: ' ' }, 'lname', 'This field needs to be filled'],
    [{ email: '' }, 'email', 'This field needs to be filled'],
    [{ email: 'a@b' }, 'email', 'Invalid Email format'],
    [{ phone: '555-123-456' }, 'phone', 'Invalid phone format'],
    [{ address: '' }, 'address', 'This field needs to be filled'],
  ])('%j fails on %s with %j', (change, path, message) => {
    expect(firstError(customerInfoSchema, { ...valid, ...change })).toEqual({ path, message });
  });
});

describe('card fields (V5.7–V5.19)', () => {
  const now = DateTime.fromISO('2025-06-15T12:00', { zone: 'America/New_York' });
  const schema = makeCardFieldsSchema({ now, zone: 'America/New_York', allowAmex: false });
  const valid = {
    cardNumber: '4111 1111 1111 1111',
    cvv: '123',
    expiry: '12/29',
    billingStreet: '1 Main St',
    billingZip: '12345',
  };

  it('accepts valid fields and strips the formatting', () => {
    expect(schema.parse(valid)).toEqual({
      ...valid,
      cardNumber: '4111111111111111',
      expiry: '1229',
    });
  });

  it.each([
    [
      { cardNumber: '378282246310005' },
      'cardNumber',
      'This merchant is not accepting American Express',
    ],
    [{ cardNumber: '41111111111111' }, 'cardNumber', 'Invalid'],
    [{ cvv: '12' }, 'cvv', 'Invalid'],
    [{ expiry: '0525' }, 'expiry', 'Invalid'],
    [{ billingStreet: '' }, 'billingStreet', 'Required'],
    [{ billingZip: '1234' }, 'billingZip', 'Invalid'],
  ])('%j fails on %s with %j', (change, path, message) => {
    expect(firstError(schema, { ...valid, ...change })).toEqual({ path, message });
  });

  it('accepts Amex when the merchant allows it', () => {
    const amex = makeCardFieldsSchema({ now, zone: 'America/New_York', allowAmex: true });
    expect(amex.safeParse({ ...valid, cardNumber: '378282246310005', cvv: '1234' }).success).toBe(
      true,
    );
  });
});

describe('cart entries (V5.42–V5.47)', () => {
  it('capitalises the note and refuses one over 200 characters', () => {
    expect(itemChoiceSchema.parse({ itemId: 'i1', quantity: 1, note: 'no onions' }).note).toBe(
      'No onions',
    );
    expect(
      itemChoiceSchema.safeParse({ itemId: 'i1', quantity: 1, note: 'a'.repeat(201) }).success,
    ).toBe(false);
  });

  it('needs a quantity from 1 to 99', () => {
    expect(itemChoiceSchema.safeParse({ itemId: 'i1', quantity: 0 }).success).toBe(false);
    expect(itemChoiceSchema.safeParse({ itemId: 'i1', quantity: 1.5 }).success).toBe(false);
    expect(itemChoiceSchema.parse({ itemId: 'i1', quantity: 99 })).toMatchObject({
      options: {},
      note: '',
    });
  });

  it('upper-cases a promo code (V5.44)', () => {
    expect(promoCodeSchema.parse(' save10 ')).toBe('SAVE10');
    expect(firstError(promoCodeSchema, '')?.message).toBe('Invalid promotion code.');
  });

  it.each([
    ['5', 500],
    ['12.50', 1250],
    ['0', 0],
    ['99999', 9_999_900], // K9.2
    [7.25, 725],
  ])('custom tip %j is %i cents', (input, cents) => {
    expect(customTipSchema.parse(input)).toBe(cents);
  });

  it.each(['abc', '-5', '-1', '100000', '1.234', ''])(
    'custom tip %j is refused (K9.3, V5.45–V5.47)',
    (input) => {
      expect(firstError(customTipSchema, input)?.message).toBe('Invalid');
    },
  );

  it('accepts whole-percent tips and custom cents within bounds', () => {
    expect(tipChoiceSchema.safeParse({ kind: 'percent', ratePpm: 150_000 }).success).toBe(true);
    // Which whole percents a store offers is its own (issue 28): the server checks them against
    // the store's presets (tests/api/store-settings-version-tips.test.ts); the shape takes any.
    expect(tipChoiceSchema.safeParse({ kind: 'percent', ratePpm: 170_000 }).success).toBe(true);
    expect(tipChoiceSchema.safeParse({ kind: 'percent', ratePpm: 175_000 }).success).toBe(false);
    expect(tipChoiceSchema.safeParse({ kind: 'percent', ratePpm: 1_010_000 }).success).toBe(false);
    expect(tipChoiceSchema.safeParse({ kind: 'custom', cents: 10_000_000 }).success).toBe(false);
    expect(tipChoiceSchema.safeParse({ kind: 'custom', cents: -1 }).success).toBe(false);
  });
});

describe('checkout request shape', () => {
  const minimal = {
    orderMethod: 'pickup',
    paymentMethod: 'cash',
    tip: { kind: 'percent', ratePpm: 100_000 },
  };

  it('fills defaults for a minimal request', () => {
    expect(checkoutSchema.parse(minimal)).toMatchObject({
      time: { kind: 'asap' },
      customerName: '',
      dineinTableName: '',
      receiveOrderInfo: false,
    });
  });

  it('normalises the table name and the promo code', () => {
    const parsed = checkoutSchema.parse({
      ...minimal,
      dineinTableName: '#12',
      promoCode: 'save10',
    });
    expect(parsed.dineinTableName).toBe('12');
    expect(parsed.promoCode).toBe('SAVE10');
  });

  it.each([
    [{ orderMethod: 'teleport' }],
    [{ paymentMethod: 'bitcoin' }],
    [{ customerName: 'a'.repeat(51) }], // V5.20
    [{ customerEmail: 'a'.repeat(45) + '@b.com' }], // V5.21: 51 characters
    [{ customerEmail: 'not-an-email' }],
    [{ time: { kind: 'scheduled', date: '13/03/2024', minuteOfDay: 600 } }],
  ])('refuses %j', (change) => {
    expect(checkoutSchema.safeParse({ ...minimal, ...change }).success).toBe(false);
  });

  it('judges customerEmail by the outbox’s rule, with the sign-up form’s message (issue 24)', () => {
    const issue = (customerEmail: string) =>
      checkoutSchema.safeParse({ ...minimal, customerEmail }).error?.issues[0];
    expect(issue('"quoted"@example.com')).toMatchObject({
      path: ['customerEmail'],
      message: 'Please enter a valid email',
    });
    expect(issue('a=b@example.com')).toBeUndefined();
    expect(issue(' diner@example.com ')).toBeUndefined(); // trimmed first
  });

  it('accepts an empty email (V5.21) and a scheduled order without a time yet', () => {
    expect(
      checkoutSchema.safeParse({
        ...minimal,
        customerEmail: '',
        time: { kind: 'scheduled', date: null, minuteOfDay: null },
      }).success,
    ).toBe(true);
  });
});
