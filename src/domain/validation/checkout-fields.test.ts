// The checkout's field-level messages (spec §5 "Field formats"; checklist V5.1, V5.4, V5.7, V5.8,
// V5.12, V5.14, V5.15, V5.17, V5.19): which field says "Required" or "Invalid", for the method and
// the payment chosen. The same single-field rules the server's place-order checks use.
import { describe, expect, it } from 'vitest';
import { checkoutFieldErrors, type CheckoutFieldValues } from './checkout-fields.js';

const NY = 'America/New_York';
// 2026-05-12 noon in New York: last month is 04/26, this month 05/26.
const ctx = { now: Date.UTC(2026, 4, 12, 16), zone: NY, allowAmex: true };
const card = {
  cardNumber: '4111111111111111',
  expiry: '1230',
  cvv: '123',
  billingStreet: '1 Main St',
  billingZip: '10013',
};
const valid: CheckoutFieldValues = {
  orderMethod: 'pickup',
  paymentMethod: 'cash',
  customerName: 'Ada',
  phone: '2125550101',
  customerEmail: '',
  deliveryAddress: '',
  carMakeModel: '',
  carColor: '',
  roomServiceRoom: '',
  lastName: '',
  card: null,
};

describe('checkoutFieldErrors', () => {
  it('a complete pickup paid in cash has no field error', () => {
    expect(checkoutFieldErrors(valid, ctx)).toEqual({});
  });

  it('V5.1: empty required fields say "Required"', () => {
    expect(checkoutFieldErrors({ ...valid, customerName: ' ', phone: '' }, ctx)).toEqual({
      customerName: 'Required',
      phone: 'Required',
    });
  });

  it('V5.4: a 9-digit phone is "Invalid"; (212)555-0101 is fine', () => {
    expect(checkoutFieldErrors({ ...valid, phone: '212555010' }, ctx)).toEqual({
      phone: 'Invalid',
    });
    expect(checkoutFieldErrors({ ...valid, phone: '(212)555-0101' }, ctx)).toEqual({});
  });

  it('an email, optional, is "Invalid" only when typed wrong', () => {
    expect(checkoutFieldErrors({ ...valid, customerEmail: 'a@b' }, ctx)).toEqual({
      customerEmail: 'Invalid',
    });
    expect(checkoutFieldErrors({ ...valid, customerEmail: 'ada@example.com' }, ctx)).toEqual({});
  });

  it('each method asks for its own fields', () => {
    expect(checkoutFieldErrors({ ...valid, orderMethod: 'delivery' }, ctx)).toEqual({
      deliveryAddress: 'Required',
    });
    expect(checkoutFieldErrors({ ...valid, orderMethod: 'curbside' }, ctx)).toEqual({
      carMakeModel: 'Required',
      carColor: 'Required',
    });
    // Room service asks for the room and the last name, not the name and phone.
    expect(
      checkoutFieldErrors(
        { ...valid, orderMethod: 'roomServiceDelivery', customerName: '', phone: '' },
        ctx,
      ),
    ).toEqual({ roomServiceRoom: 'Required', lastName: 'Required' });
  });

  it.each([
    ['V5.7 14 digits', { cardNumber: '41111111111111' }, { cardNumber: 'Invalid' }],
    ['V5.8 a leading 7', { cardNumber: '7111111111111111' }, { cardNumber: 'Invalid' }],
    ['V5.12 CVV "12"', { cvv: '12' }, { cvv: 'Invalid' }],
    ['V5.14 expiry "123"', { expiry: '123' }, { expiry: 'Invalid' }],
    ['V5.15 last month', { expiry: '0426' }, { expiry: 'Invalid' }],
    ['V5.15 this month is fine', { expiry: '0526' }, {}],
    ['V5.17 ZIP "1234"', { billingZip: '1234' }, { billingZip: 'Invalid' }],
    ['V5.19 no billing street', { billingStreet: '' }, { billingStreet: 'Required' }],
    ['V5.1 no card number', { cardNumber: '' }, { cardNumber: 'Required' }],
  ])('card: %s', (_name, change, errors) => {
    const values = { ...valid, paymentMethod: 'creditcard' as const, card: { ...card, ...change } };
    expect(checkoutFieldErrors(values, ctx)).toEqual(errors);
  });

  it('V5.9: a leading 3 where Amex is not taken says so', () => {
    const values = {
      ...valid,
      paymentMethod: 'creditcard' as const,
      card: { ...card, cardNumber: '378282246310005' },
    };
    expect(checkoutFieldErrors(values, { ...ctx, allowAmex: false })).toEqual({
      cardNumber: 'This merchant is not accepting American Express',
    });
  });

  it('no card fields are judged for cash, or when the card is taken on a hosted page', () => {
    const bad = { ...card, cvv: '1' };
    expect(checkoutFieldErrors({ ...valid, card: bad }, ctx)).toEqual({});
    expect(checkoutFieldErrors({ ...valid, paymentMethod: 'creditcard', card: null }, ctx)).toEqual(
      {},
    );
  });
});
