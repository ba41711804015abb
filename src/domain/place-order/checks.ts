// The place-order checks of spec §5, in the spec's order, stopping at the first failure so the
// diner sees one message, quoted exactly. The server runs them again before any captcha, payment
// or order call (checklist T4.28, V5.48).
import type { DateTime } from 'luxon';
import { isLineAvailable, type AvailabilityInput } from '../hours/availability.js';
import { inZone, isOpenAt, type Instant } from '../hours/weekly-hours.js';
import { MESSAGES } from '../messages.js';
import type { DeliveryFeeResult } from '../pricing/delivery.js';
import { checkDeliveryMinimum } from '../pricing/delivery.js';
import { findOfferedSlot, localDay, wallTimeInstants } from '../schedule/slots.js';
import type { OrderMethod, PaymentMethod, WeeklyHours } from '../settings/schemas.js';
import {
  checkCardNumber,
  checkCvv,
  checkExpiry,
  checkPhone,
  checkZip,
  NAME_MAX,
} from '../validation/fields.js';

export const PLACE_ORDER_CHECKS = [
  'storeOpen',
  'unavailableItems',
  'curbsideCar',
  'scheduledTime',
  'deliveryAddress',
  'deliveryRange',
  'phoneAndName',
  'roomAndLastName',
  'deliveryMinimum',
  'card',
] as const;
export type PlaceOrderCheck = (typeof PLACE_ORDER_CHECKS)[number];

export type OrderTime =
  { kind: 'asap' } | { kind: 'scheduled'; date: string | null; minuteOfDay: number | null };

export interface PlaceOrderInput {
  orderMethod: OrderMethod;
  time: OrderTime;
  customerName: string;
  phone: string;
  deliveryAddress: string;
  carMakeModel: string;
  carColor: string;
  roomServiceRoom: string;
  lastName: string;
  paymentMethod: PaymentMethod;
  card?:
    | { cardNumber: string; cvv: string; expiry: string; billingStreet: string; billingZip: string }
    | null
    | undefined;
}

export interface PlaceOrderContext {
  now: Instant;
  zone: string;
  businessHours: WeeklyHours;
  /** Availability facts of every cart line. */
  lines: readonly AvailabilityInput[];
  subtotalCents: number;
  minOrderForDeliveryCents: number;
  /** For delivery with an address: the fee lookup; null when the distance is not known. */
  delivery: DeliveryFeeResult | null;
  allowAmex: boolean;
  /**
   * The card is entered on the gateway's own page after the order is written (Converge's hosted
   * payment): there are no card fields to check here.
   */
  cardOnHostedPage?: boolean;
}

export type PlaceOrderResult =
  | { ok: true; orderAt: DateTime; scheduled: boolean }
  | { ok: false; check: PlaceOrderCheck; message: string; detail?: string };

const filled = (value: string | undefined | null) => (value ?? '').trim().length > 0;

/** The instant a scheduled wall-clock time starts (first occurrence), or null if it has none. */
function scheduledInstant(date: string, minuteOfDay: number, zone: string): DateTime | null {
  const day = localDay(date, zone);
  return day ? (wallTimeInstants(day, minuteOfDay)[0] ?? null) : null;
}

function fail(check: PlaceOrderCheck, message: string, detail?: string): PlaceOrderResult {
  return detail === undefined
    ? { ok: false, check, message }
    : { ok: false, check, message, detail };
}

export function runPlaceOrderChecks(
  input: PlaceOrderInput,
  ctx: PlaceOrderContext,
): PlaceOrderResult {
  const now = inZone(ctx.now, ctx.zone);
  const { time } = input;
  const scheduledChosen =
    time.kind === 'scheduled' && time.date !== null && time.minuteOfDay !== null;
  // A scheduled order with no time yet skips check 1, so the diner hears about the missing time
  // (check 4) rather than about the hours right now; check 2 then judges the lines at now.
  const orderAt =
    time.kind === 'scheduled' && scheduledChosen
      ? scheduledInstant(time.date as string, time.minuteOfDay as number, ctx.zone)
      : now;

  // 1. Store open for the chosen time.
  if (time.kind === 'asap' || scheduledChosen) {
    if (!orderAt || !isOpenAt(ctx.businessHours, orderAt, ctx.zone)) {
      return fail('storeOpen', MESSAGES.STORE_CLOSED);
    }
  }
  const at = orderAt ?? now;
  // 2. No unavailable items.
  if (ctx.lines.some((line) => !isLineAvailable(line, at, ctx.zone))) {
    return fail('unavailableItems', MESSAGES.REMOVE_UNAVAILABLE);
  }
  // 3. Curbside needs the car.
  if (input.orderMethod === 'curbside' && !(filled(input.carMakeModel) && filled(input.carColor))) {
    return fail('curbsideCar', MESSAGES.CAR_INFO_REQUIRED);
  }
  // 4. Scheduled needs a time, and one that is still offered (not past, a real slot).
  if (time.kind === 'scheduled') {
    const offered =
      scheduledChosen &&
      findOfferedSlot(
        ctx.businessHours,
        time.date as string,
        time.minuteOfDay as number,
        now,
        ctx.zone,
      );
    if (!offered) return fail('scheduledTime', MESSAGES.SCHEDULE_TIME_REQUIRED);
  }
  // 5. Delivery needs an address, and (ours, same place) one inside a delivery range.
  if (input.orderMethod === 'delivery') {
    if (!filled(input.deliveryAddress)) {
      return fail('deliveryAddress', MESSAGES.DELIVERY_ADDRESS_REQUIRED);
    }
    if (ctx.delivery && !ctx.delivery.ok) return fail('deliveryRange', ctx.delivery.message);
  }
  // 6. Without room service: a valid phone and a name.
  if (input.orderMethod !== 'roomServiceDelivery') {
    const nameOk = filled(input.customerName) && input.customerName.trim().length <= NAME_MAX;
    if (checkPhone(input.phone) !== null || !nameOk) {
      return fail('phoneAndName', MESSAGES.PHONE_AND_NAME_REQUIRED);
    }
  }
  // 7. Room service: room number and last name.
  if (
    input.orderMethod === 'roomServiceDelivery' &&
    !(filled(input.roomServiceRoom) && filled(input.lastName))
  ) {
    return fail('roomAndLastName', MESSAGES.ROOM_AND_LAST_NAME_REQUIRED);
  }
  // 8. Delivery minimum.
  if (input.orderMethod === 'delivery') {
    const minimum = checkDeliveryMinimum(ctx.subtotalCents, ctx.minOrderForDeliveryCents);
    if (!minimum.met) return fail('deliveryMinimum', minimum.message);
  }
  // 9. Card fields.
  if (input.paymentMethod === 'creditcard' && !ctx.cardOnHostedPage) {
    const card = input.card;
    // A leading 3 where the store takes no Amex has its own message (spec §5, checklist V5.9).
    if (card && checkCardNumber(card.cardNumber, ctx.allowAmex) === MESSAGES.AMEX_NOT_ACCEPTED) {
      return fail('card', MESSAGES.AMEX_NOT_ACCEPTED, MESSAGES.ORDER_NOT_PLACED);
    }
    const valid =
      !!card &&
      checkCardNumber(card.cardNumber, ctx.allowAmex) === null &&
      checkCvv(card.cvv) === null &&
      checkExpiry(card.expiry, ctx.now, ctx.zone) === null &&
      filled(card.billingStreet) &&
      checkZip(card.billingZip) === null;
    if (!valid) return fail('card', MESSAGES.INVALID_CARD, MESSAGES.ORDER_NOT_PLACED);
  }
  return { ok: true, orderAt: at, scheduled: time.kind === 'scheduled' };
}
