import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { WeeklyHours } from '../settings/schemas.js';
import {
  defaultPaymentMethod,
  isOrderUnpaid,
  offeredOrderMethods,
  offeredPaymentMethods,
  paymentLabel,
  runPlaceOrderChecks,
  type PlaceOrderContext,
  type PlaceOrderInput,
} from './index.js';

const NY = 'America/New_York';
const everyDay = (open: number, close: number): WeeklyHours =>
  Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
      d,
      [{ open, close }],
    ]),
  );
const wednesdayNoon = DateTime.fromISO('2024-03-13T12:00', { zone: NY });

const card = {
  cardNumber: '4111111111111111',
  cvv: '123',
  expiry: '1229',
  billingStreet: '1 Main St',
  billingZip: '12345',
};

const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  orderMethod: 'pickup',
  time: { kind: 'asap' },
  customerName: 'Ann',
  phone: '5551234567',
  deliveryAddress: '',
  carMakeModel: '',
  carColor: '',
  roomServiceRoom: '',
  lastName: '',
  paymentMethod: 'creditcard',
  card,
  ...over,
});

const ctx = (over: Partial<PlaceOrderContext> = {}): PlaceOrderContext => ({
  now: wednesdayNoon,
  zone: NY,
  businessHours: everyDay(540, 1260),
  lines: [{}],
  subtotalCents: 5000,
  minOrderForDeliveryCents: 3000,
  delivery: { ok: true, feeCents: 300, range: { deliveryRangeInMile: 5, deliveryFeeCents: 300 } },
  allowAmex: false,
  ...over,
});

const lunchOnly: WeeklyHours = { wednesday: [{ open: 660, close: 780 }] };

describe('place-order checks, in the spec’s order (V5.48–V5.58)', () => {
  it('passes a complete pickup order and returns when it is for', () => {
    const result = runPlaceOrderChecks(input(), ctx());
    expect(result).toMatchObject({ ok: true, scheduled: false });
    expect(result.ok && result.orderAt.toMillis()).toBe(wednesdayNoon.toMillis());
  });

  it.each([
    [
      '1 store open',
      input(),
      ctx({ businessHours: { wednesday: [{ open: 1020, close: 1260 }] } }),
      'Store closed now!',
    ],
    [
      '2 unavailable items',
      input(),
      ctx({ lines: [{}, { categoryHours: { wednesday: [{ open: 1020, close: 1260 }] } }] }),
      'Please remove unavailable item(s) to continue.',
    ],
    [
      '2 sold out',
      input(),
      ctx({ lines: [{ soldOut: true }] }),
      'Please remove unavailable item(s) to continue.',
    ],
    [
      '3 curbside car colour',
      input({ orderMethod: 'curbside', carMakeModel: 'Honda Civic', carColor: ' ' }),
      ctx(),
      'Please enter car information to continue.',
    ],
    [
      '4 scheduled time',
      input({ time: { kind: 'scheduled', date: '2024-03-14', minuteOfDay: null } }),
      ctx(),
      'Please Select a Scheduled Time for Scheduled Order',
    ],
    [
      '4 a scheduled time no longer offered',
      input({ time: { kind: 'scheduled', date: '2024-03-13', minuteOfDay: 720 } }),
      ctx(),
      'Please Select a Scheduled Time for Scheduled Order',
    ],
    [
      '5 delivery address',
      input({ orderMethod: 'delivery', deliveryAddress: '' }),
      ctx(),
      'Please provide your delivery address.',
    ],
    [
      '5 out of delivery range',
      input({ orderMethod: 'delivery', deliveryAddress: '9 Far Rd' }),
      ctx({
        delivery: { ok: false, message: "You are out of delivery range, it can't be delivered." },
      }),
      "You are out of delivery range, it can't be delivered.",
    ],
    [
      '6 phone',
      input({ phone: '555123456' }),
      ctx(),
      'Please enter your valid phone number and your name to continue.',
    ],
    [
      '6 name',
      input({ customerName: '' }),
      ctx(),
      'Please enter your valid phone number and your name to continue.',
    ],
    [
      '7 room number',
      input({
        orderMethod: 'roomServiceDelivery',
        roomServiceRoom: '',
        lastName: 'Lee',
        phone: '',
      }),
      ctx(),
      'Please enter your Room Number and your Last Name to continue.',
    ],
    [
      '8 delivery minimum',
      input({ orderMethod: 'delivery', deliveryAddress: '1 Main St' }),
      ctx({ subtotalCents: 2999 }),
      'Sorry, Your order amount does not meet the minimum requirement for delivery.',
    ],
    [
      '9 card cvv',
      input({ card: { ...card, cvv: '12' } }),
      ctx(),
      'Invalid credit card information provided.',
    ],
    ['9 card missing', input({ card: null }), ctx(), 'Invalid credit card information provided.'],
    [
      '9 card street',
      input({ card: { ...card, billingStreet: '' } }),
      ctx(),
      'Invalid credit card information provided.',
    ],
    [
      '9 Amex not taken',
      input({ card: { ...card, cardNumber: '378282246310005' } }),
      ctx(),
      'This merchant is not accepting American Express',
    ],
  ])('check %s fails with its exact message', (_name, i, c, message) => {
    expect(runPlaceOrderChecks(i, c)).toMatchObject({ ok: false, message });
  });

  it('adds "Your order has NOT been placed yet!" to the card failure (V5.58)', () => {
    expect(runPlaceOrderChecks(input({ card: null }), ctx())).toEqual({
      ok: false,
      check: 'card',
      message: 'Invalid credit card information provided.',
      detail: 'Your order has NOT been placed yet!',
    });
  });

  it('shows only the first failure when several fail (V5.48)', () => {
    const result = runPlaceOrderChecks(
      input({ orderMethod: 'delivery', deliveryAddress: '', phone: '1' }),
      ctx({ lines: [{ soldOut: true }] }),
    );
    expect(result).toMatchObject({ ok: false, check: 'unavailableItems' });
  });

  it('checks a scheduled order against the hours of its time, not now', () => {
    const closedNow = ctx({ now: DateTime.fromISO('2024-03-13T07:00', { zone: NY }) });
    const scheduled = input({ time: { kind: 'scheduled', date: '2024-03-13', minuteOfDay: 600 } });
    const result = runPlaceOrderChecks(scheduled, closedNow);
    expect(result).toMatchObject({ ok: true, scheduled: true });
    expect(result.ok && result.orderAt.toISO()).toBe('2024-03-13T10:00:00.000-04:00');
  });

  it('says the store is closed for a scheduled time outside the hours', () => {
    const scheduled = input({ time: { kind: 'scheduled', date: '2024-03-14', minuteOfDay: 1320 } });
    expect(runPlaceOrderChecks(scheduled, ctx())).toMatchObject({ message: 'Store closed now!' });
  });

  it('judges line availability at the scheduled time', () => {
    const dinnerTime = input({
      time: { kind: 'scheduled', date: '2024-03-13', minuteOfDay: 1080 },
    });
    expect(
      runPlaceOrderChecks(dinnerTime, ctx({ lines: [{ categoryHours: lunchOnly }] })),
    ).toMatchObject({
      check: 'unavailableItems',
    });
    const lunchTime = input({ time: { kind: 'scheduled', date: '2024-03-13', minuteOfDay: 720 } });
    const early = ctx({
      now: DateTime.fromISO('2024-03-13T09:00', { zone: NY }),
      lines: [{ categoryHours: lunchOnly }],
    });
    expect(runPlaceOrderChecks(lunchTime, early)).toMatchObject({ ok: true });
  });

  it('asks a scheduled order with no time for the time even when the store is closed now', () => {
    const closedNow = ctx({ now: DateTime.fromISO('2024-03-13T07:00', { zone: NY }) });
    const noTime = input({ time: { kind: 'scheduled', date: null, minuteOfDay: null } });
    expect(runPlaceOrderChecks(noTime, closedNow)).toMatchObject({ check: 'scheduledTime' });
  });

  it('passes room service without a phone, and cash without card fields', () => {
    const room = input({
      orderMethod: 'roomServiceDelivery',
      roomServiceRoom: '1204',
      lastName: 'Lee',
      phone: '',
      customerName: '',
    });
    expect(runPlaceOrderChecks(room, ctx()).ok).toBe(true);
    expect(runPlaceOrderChecks(input({ paymentMethod: 'cash', card: null }), ctx()).ok).toBe(true);
  });

  it('passes delivery at exactly the minimum (V5.56)', () => {
    const delivery = input({ orderMethod: 'delivery', deliveryAddress: '1 Main St' });
    expect(runPlaceOrderChecks(delivery, ctx({ subtotalCents: 3000 })).ok).toBe(true);
  });
});

describe('methods offered at checkout', () => {
  it('always offers pickup and adds each flagged method (F1.4–F1.7)', () => {
    expect(offeredOrderMethods({})).toEqual(['pickup']);
    expect(
      offeredOrderMethods({ delivery: true, curbside: true, dinein: true, roomService: true }),
    ).toEqual(['pickup', 'delivery', 'curbside', 'dinein', 'roomServiceDelivery']);
  });

  it('forces dine-in for a table in the route (T4.14)', () => {
    expect(offeredOrderMethods({ delivery: true }, 'T5')).toEqual(['dinein']);
    expect(offeredOrderMethods({ delivery: true }, ' ')).toEqual(['pickup', 'delivery']);
  });

  it('defaults to card when supported, else cash (T4.19, T4.20)', () => {
    expect(
      offeredPaymentMethods({ supportCreditcardPayment: true, supportCashPayment: true }),
    ).toEqual(['creditcard', 'cash']);
    expect(defaultPaymentMethod({ supportCreditcardPayment: true, supportCashPayment: true })).toBe(
      'creditcard',
    );
    expect(defaultPaymentMethod({ supportCashPayment: true })).toBe('cash');
    expect(defaultPaymentMethod({})).toBeNull();
  });

  it('labels cash "Room Charge" for room service (F1.10)', () => {
    expect(paymentLabel('cash', 'roomServiceDelivery')).toBe('Room Charge');
    expect(paymentLabel('cash', 'pickup')).toBe('Cash');
  });

  it('shows an order unpaid unless paid or room service (T4.57)', () => {
    expect(isOrderUnpaid({ paid: false, orderMethod: 'pickup' })).toBe(true);
    expect(isOrderUnpaid({ paid: true, orderMethod: 'pickup' })).toBe(false);
    expect(isOrderUnpaid({ paid: false, orderMethod: 'roomServiceDelivery' })).toBe(false);
  });
});
