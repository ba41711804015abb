// The checkout's field-level messages (spec §5 "Field formats": "Required" when empty, "Invalid"
// when malformed), beside each field in the browser. Built from the same single-field rules as the
// server's ordered place-order checks (../place-order/checks.ts), so a field the browser passes is
// one the server passes: the browser tells which field, the server's banner still tells the order.
import type { Instant } from '../hours/weekly-hours.js';
import { MESSAGES } from '../messages.js';
import type { OrderMethod, PaymentMethod } from '../settings/schemas.js';
import {
  checkCardNumber,
  checkCvv,
  checkExpiry,
  checkPhone,
  checkZip,
  type FieldCheck,
} from './fields.js';
import { isEmailAddress } from './email.js';

export interface CheckoutCardValues {
  cardNumber: string;
  expiry: string;
  cvv: string;
  billingStreet: string;
  billingZip: string;
}

export interface CheckoutFieldValues {
  orderMethod: OrderMethod;
  paymentMethod: PaymentMethod;
  customerName: string;
  phone: string;
  customerEmail: string;
  deliveryAddress: string;
  carMakeModel: string;
  carColor: string;
  roomServiceRoom: string;
  lastName: string;
  /** The card typed in the checkout; null when there are no card fields (cash, hosted page). */
  card: CheckoutCardValues | null;
}

export type CheckoutField =
  | Exclude<keyof CheckoutFieldValues, 'orderMethod' | 'paymentMethod' | 'card'>
  | keyof CheckoutCardValues;

export interface CheckoutFieldContext {
  now: Instant;
  zone: string;
  allowAmex: boolean;
}

const blank = (value: string) => value.trim() === '';

/** "Required" when empty, else the field's own rule. */
function required(value: string, rule: (v: string) => FieldCheck = () => null): FieldCheck {
  return blank(value) ? MESSAGES.REQUIRED : rule(value);
}

/** The message each field shows now, for the method and payment chosen; absent when fine. */
export function checkoutFieldErrors(
  v: CheckoutFieldValues,
  ctx: CheckoutFieldContext,
): Partial<Record<CheckoutField, string>> {
  const checks: [CheckoutField, FieldCheck][] = [];
  if (v.orderMethod === 'roomServiceDelivery') {
    checks.push(['roomServiceRoom', required(v.roomServiceRoom)]);
    checks.push(['lastName', required(v.lastName)]);
  } else {
    checks.push(['customerName', required(v.customerName)]);
    checks.push(['phone', required(v.phone, checkPhone)]);
    // Email is optional (V5.21); when typed it must look like one (the checkout schema's rule).
    const email = v.customerEmail.trim();
    checks.push(['customerEmail', email === '' || isEmailAddress(email) ? null : MESSAGES.INVALID]);
  }
  if (v.orderMethod === 'delivery') checks.push(['deliveryAddress', required(v.deliveryAddress)]);
  if (v.orderMethod === 'curbside') {
    checks.push(['carMakeModel', required(v.carMakeModel)]);
    checks.push(['carColor', required(v.carColor)]);
  }
  if (v.paymentMethod === 'creditcard' && v.card) {
    const c = v.card;
    checks.push(['cardNumber', required(c.cardNumber, (n) => checkCardNumber(n, ctx.allowAmex))]);
    checks.push(['expiry', required(c.expiry, (e) => checkExpiry(e, ctx.now, ctx.zone))]);
    checks.push(['cvv', required(c.cvv, checkCvv)]);
    checks.push(['billingStreet', required(c.billingStreet)]);
    checks.push(['billingZip', required(c.billingZip, (z) => checkZip(z))]);
  }
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
