// One zod schema per diner-side form, shared by the web form and the route that receives it
// (docs/design/stack.md: "one schema serves the form, the route and the test"). Error texts are the
// spec's messages. Where a form needs the clock or a merchant flag (card expiry, Amex), the schema
// is made by a function taking them, so the server passes its clock and the browser its own.
import { z } from 'zod';
import {
  normalizeNote,
  normalizePromoCode,
  normalizeTableName,
  NOTE_MAX,
} from '../format/fields.js';
import type { Instant } from '../hours/weekly-hours.js';
import { MESSAGES } from '../messages.js';
import { MAX_ENTRY_CENTS, parseDollarsToCents } from '../money/parse.js';
import { PPM } from '../money/rounding.js';
import { MAX_QUANTITY } from '../pricing/line.js';
import { TIP_RATE_STEP_PPM } from '../pricing/tips.js';
import { ORDER_METHODS, PAYMENT_METHODS } from '../settings/schemas.js';
import {
  checkCardNumber,
  checkCvv,
  checkExpiry,
  checkPassword,
  checkZip,
  EMAIL_MAX,
  isCalendarDate,
  NAME_MAX,
  phoneDigits,
  USERNAME_MAX,
  USERNAME_MIN,
  VERIFICATION_CODE_LENGTH,
} from './fields.js';
import { isEmailAddress } from './email.js';
import { multiLine } from './multi-line.js';

/** A string field; absent or not a string reads as the given message (default "Required"). */
function text(message: string = MESSAGES.REQUIRED) {
  return z.string({ error: message });
}

/** A trimmed string that must not be empty. */
function required(message: string = MESSAGES.REQUIRED) {
  return text(message).trim().min(1, message);
}

/** A phone as typed → its 10 digits; anything else is `message`. */
export function phoneField(message: string = MESSAGES.INVALID) {
  return text(message)
    .transform(phoneDigits)
    .pipe(z.string().regex(/^\d{10}$/, message));
}

/** A dollar amount as typed (or a number) → whole cents, 0..99999 dollars. */
export function dollarsField(message: string = MESSAGES.INVALID, maxCents = MAX_ENTRY_CENTS) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = parseDollarsToCents(value);
    if (cents === null || cents > maxCents) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

/** A yyyy-MM-dd date that exists on the calendar, else `message`. */
export function calendarDateField(message: string = MESSAGES.INVALID) {
  return text(message).refine(isCalendarDate, message);
}

// ---------------------------------------------------------------- sign in, sign up, profile

/** Sign In tab: both fields filled, else one message (spec §5). */
export const signInSchema = z.object({
  email: required(MESSAGES.SIGN_IN_REQUIRED),
  password: text(MESSAGES.SIGN_IN_REQUIRED).min(1, MESSAGES.SIGN_IN_REQUIRED),
});
export type SignInInput = z.infer<typeof signInSchema>;

const username = text(MESSAGES.USERNAME_LENGTH)
  .trim()
  .min(USERNAME_MIN, MESSAGES.USERNAME_LENGTH)
  .max(USERNAME_MAX, MESSAGES.USERNAME_LENGTH);

const signUpEmail = text(MESSAGES.EMAIL_INVALID)
  .trim()
  .max(EMAIL_MAX, MESSAGES.EMAIL_INVALID)
  .refine(isEmailAddress, MESSAGES.EMAIL_INVALID);

const password = text(MESSAGES.PASSWORD_RULE).refine(
  (p) => checkPassword(p) === null,
  MESSAGES.PASSWORD_RULE,
);

/** Sign Up tab: username 5–50, email, password rule, matching confirmation. */
export const signUpSchema = z
  .object({
    username,
    email: signUpEmail,
    password,
    confirmPassword: text(MESSAGES.PASSWORD_MISMATCH),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Merchant password rule: the customer rule (checklist V5.76). */
export const passwordSchema = password;

/**
 * User Info tab: username required (5..50, "Username should be more than 5 characters!" when
 * short), zip "Invalid!", phone 10 digits or empty. The form banner on any error is
 * MESSAGES.PROFILE_FORM_INVALID.
 */
export const profileSchema = z.object({
  username: required(MESSAGES.REQUIRED)
    .min(USERNAME_MIN, MESSAGES.USERNAME_TOO_SHORT)
    .max(USERNAME_MAX, MESSAGES.USERNAME_LENGTH),
  name: text().trim().max(NAME_MAX, MESSAGES.INVALID).default(''),
  address: text().trim().max(200, MESSAGES.INVALID).default(''),
  zipcode: text(MESSAGES.INVALID_PROFILE_ZIP)
    .trim()
    .refine((z) => z === '' || checkZip(z) === null, MESSAGES.INVALID_PROFILE_ZIP)
    .default(''),
  phone: text(MESSAGES.INVALID)
    .transform(phoneDigits)
    .refine((p) => p === '' || /^\d{10}$/.test(p), MESSAGES.INVALID)
    .default(''),
});
export type ProfileInput = z.infer<typeof profileSchema>;

// ---------------------------------------------------------------- phone verification

/**
 * Sending a code: a valid phone, else "Please enter a valid Phone number". Field names are the
 * API's (POST /api/verification/sendVeriCode): the route's body is this schema.
 */
export const sendCodeSchema = z.object({ phoneNum: phoneField(MESSAGES.PHONE_INVALID) });
export type SendCodeInput = z.infer<typeof sendCodeSchema>;

/** Confirming: the phone again and a 4-digit code, else "Invalid code" (POST .../verifyPhone). */
export const verifyCodeSchema = z.object({
  phoneNum: phoneField(MESSAGES.PHONE_INVALID),
  verificationCode: text(MESSAGES.CODE_INVALID)
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), MESSAGES.CODE_INVALID),
});
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;

/**
 * Only anonymous diners verify their phone (spec §1); a signed-in customer's order skips it.
 */
export function needsPhoneVerification(signedIn: boolean, phoneAlreadyVerified: boolean): boolean {
  return !signedIn && !phoneAlreadyVerified;
}

// ---------------------------------------------------------------- customer info (order placed)

const infoRequired = () => required(MESSAGES.CUSTOMER_INFO_REQUIRED);

/** Customer-info form: all required; email format; phone at least 10 digits, digits kept. */
export const customerInfoSchema = z.object({
  fname: infoRequired().pipe(z.string().max(NAME_MAX, MESSAGES.INVALID)),
  lname: infoRequired().pipe(z.string().max(NAME_MAX, MESSAGES.INVALID)),
  email: infoRequired().pipe(
    z
      .string()
      .max(100, MESSAGES.CUSTOMER_INFO_EMAIL)
      .refine(isEmailAddress, MESSAGES.CUSTOMER_INFO_EMAIL),
  ),
  phone: infoRequired()
    .transform((p) => p.replace(/\D/g, ''))
    .pipe(z.string().min(10, MESSAGES.CUSTOMER_INFO_PHONE).max(15, MESSAGES.CUSTOMER_INFO_PHONE)),
  address: infoRequired().pipe(z.string().max(300, MESSAGES.INVALID)),
});
export type CustomerInfoInput = z.infer<typeof customerInfoSchema>;

// ---------------------------------------------------------------- card fields

export interface CardContext {
  now: Instant;
  zone: string;
  allowAmex: boolean;
}

/** Card fields; never stored (docs/design/security.md), only passed to the gateway. */
export function makeCardFieldsSchema(ctx: CardContext) {
  return z.object({
    cardNumber: text(MESSAGES.INVALID)
      .transform((n) => n.replace(/[\s-]/g, ''))
      .superRefine((n, issue) => {
        const problem = checkCardNumber(n, ctx.allowAmex);
        if (problem) issue.addIssue({ code: 'custom', message: problem });
      }),
    cvv: text(MESSAGES.INVALID)
      .trim()
      .refine((c) => checkCvv(c) === null, MESSAGES.INVALID),
    expiry: text(MESSAGES.INVALID)
      .transform((e) => e.replace('/', '').trim())
      .refine((e) => checkExpiry(e, ctx.now, ctx.zone) === null, MESSAGES.INVALID),
    billingStreet: required().pipe(z.string().max(200, MESSAGES.INVALID)),
    billingZip: text(MESSAGES.INVALID)
      .trim()
      .refine((z) => checkZip(z) === null, MESSAGES.INVALID),
  });
}
export type CardFields = z.infer<ReturnType<typeof makeCardFieldsSchema>>;

// ---------------------------------------------------------------- cart: item choice, tip, code

/** Add to Cart: which item, size and option values, how many, and a note (≤ 200, capitalised). */
export const itemChoiceSchema = z.object({
  itemId: required(),
  sizeId: z.string().nullish(),
  options: z.record(z.string(), z.array(z.string()).max(100)).default({}),
  quantity: z
    .number({ error: MESSAGES.INVALID })
    .int(MESSAGES.INVALID)
    .min(1, MESSAGES.INVALID)
    .max(MAX_QUANTITY, MESSAGES.INVALID),
  note: multiLine(z.string().max(NOTE_MAX, MESSAGES.INVALID)).transform(normalizeNote).default(''),
});
export type ItemChoiceRequest = z.infer<typeof itemChoiceSchema>;

/** "Other" tip: numeric dollars, not negative, at most 99999 → cents. */
export const customTipSchema = dollarsField(MESSAGES.INVALID);

/** A tip as the checkout sends it: a preset rate, or custom cents. */
export const tipChoiceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    // A whole percent; which ones a store offers is its own choice, checked by the server with
    // the store's presets (issue 28).
    ratePpm: z
      .number({ error: MESSAGES.INVALID })
      .int(MESSAGES.INVALID)
      .min(0, MESSAGES.INVALID)
      .max(PPM, MESSAGES.INVALID)
      .multipleOf(TIP_RATE_STEP_PPM, MESSAGES.INVALID),
  }),
  z.object({
    kind: z.literal('custom'),
    cents: z
      .number()
      .int(MESSAGES.INVALID)
      .min(0, MESSAGES.INVALID)
      .max(MAX_ENTRY_CENTS, MESSAGES.INVALID),
  }),
]);

/** Promo code entry: upper-cased, spaces trimmed. */
export const promoCodeSchema = required(MESSAGES.INVALID_PROMO_CODE)
  .max(50, MESSAGES.INVALID_PROMO_CODE)
  .transform(normalizePromoCode);

// ---------------------------------------------------------------- checkout / place order

/**
 * The place-order request. It checks shape and lengths only: the spec's ordered checks
 * (../place-order/checks.ts) decide which single message the diner sees, so content rules that
 * have a place in that order (phone, address, car, card…) are not duplicated here.
 */
export const checkoutSchema = z.object({
  orderMethod: z.enum(ORDER_METHODS),
  dineinTableName: z.string().max(50).transform(normalizeTableName).default(''),
  isBranch: z.boolean().default(false),
  time: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('asap') }),
      z.object({
        kind: z.literal('scheduled'),
        /** yyyy-MM-dd in the merchant's zone. */
        date: calendarDateField().nullable(),
        /** Wall-clock minutes since midnight; null until a time is chosen. */
        minuteOfDay: z.number().int().min(0).max(1439).nullable(),
      }),
    ])
    .default({ kind: 'asap' }),
  customerName: z.string().trim().max(NAME_MAX, MESSAGES.INVALID).default(''),
  // Kept as its digits (spec §3 "phone (10 digits)", checklist E3.44); check 6 judges the count.
  phone: z.string().max(30).transform(phoneDigits).default(''),
  // The outbox's own rule (./email.ts), checked here: an address accepted now is one the receipt
  // and the merchant's reply-to can use once the card is charged. The sign-up form's message.
  customerEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX, MESSAGES.EMAIL_INVALID)
    .refine((e) => e === '' || isEmailAddress(e), MESSAGES.EMAIL_INVALID)
    .default(''),
  deliveryAddress: z.string().trim().max(300).default(''),
  /** Where the chosen delivery address is (from the address search), for the distance. */
  deliveryLocation: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullish(),
  deliveryNote: multiLine(z.string().trim().max(500)).default(''),
  carMakeModel: z.string().trim().max(100).default(''),
  carColor: z.string().trim().max(50).default(''),
  roomServiceRoom: z.string().trim().max(20).default(''),
  lastName: z.string().trim().max(NAME_MAX).default(''),
  paymentMethod: z.enum(PAYMENT_METHODS),
  tip: tipChoiceSchema,
  promoCode: z.string().max(50).transform(normalizePromoCode).nullish(),
  freeAddonItemName: z.string().max(100).nullish(),
  receiveOrderInfo: z.boolean().default(false),
  /** Raw card fields for card payments; checked in order by check 9, never stored. */
  card: z
    .object({
      cardNumber: z.string().max(40),
      cvv: z.string().max(10),
      expiry: z.string().max(10),
      billingStreet: z.string().max(200),
      billingZip: z.string().max(20),
    })
    .nullish(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The checkout choices kept with a cart between calls: everything but the card. */
export const checkoutInfoSchema = checkoutSchema.omit({ card: true });
export type CheckoutInfo = z.infer<typeof checkoutInfoSchema>;
