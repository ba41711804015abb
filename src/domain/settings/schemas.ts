// Shapes of the merchant settings that the spec treats as nested objects (spec §3).
// They are stored as jsonb and validated by these same schemas on the way in and out,
// and the browser uses them for its forms.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { isEmailAddress } from '../validation/email.js';
import { multiLine } from '../validation/multi-line.js';

import { WEEKDAYS } from './weekdays.js';

export { WEEKDAYS, type Weekday } from './weekdays.js';

/** Minutes since midnight, 0..1440 (1440 = end of day). */
export const minuteOfDay = z.number().int().min(0).max(1440);

/** One open period of a day; close may equal 1440 for "until midnight". */
export const openPeriodSchema = z
  .object({ open: minuteOfDay, close: minuteOfDay })
  .refine((p) => p.close > p.open, { message: 'Close must be after open', path: ['close'] });
export type OpenPeriod = z.infer<typeof openPeriodSchema>;

/** Per lowercase weekday a list of open periods; a closed day has no entry (or an empty list). */
export const weeklyHoursSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(openPeriodSchema));
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const PREP_STATUSES = ['normal', 'busy', 'veryBusy'] as const;
export type PrepStatus = (typeof PREP_STATUSES)[number];

/** Food-preparing time estimate for one weekday (minutes). */
export const prepTimeSchema = z.object({
  status: z.enum(PREP_STATUSES),
  estimate: z.number().int().min(0).max(999),
  fromMin_pickup: z.number().int().min(0).max(999),
  toMin_pickup: z.number().int().min(0).max(999),
  fromMin_delivery: z.number().int().min(0).max(999),
  toMin_delivery: z.number().int().min(0).max(999),
});
export type PrepTime = z.infer<typeof prepTimeSchema>;
export const weeklyPrepTimeSchema = z.partialRecord(z.enum(WEEKDAYS), prepTimeSchema);
export type WeeklyPrepTime = z.infer<typeof weeklyPrepTimeSchema>;

/** A delivery range: deliveries shorter than `deliveryRangeInMile` cost `deliveryFeeCents`. */
export const deliveryFeeRangeSchema = z.object({
  deliveryRangeInMile: z.number().positive().max(500),
  deliveryFeeCents: z.number().int().min(0).max(9_999_900),
});
export type DeliveryFeeRange = z.infer<typeof deliveryFeeRangeSchema>;

export const PROMO_TYPES = ['BUY_X_GET_Y_FREE', 'MEET_X_MINUS_Y', 'MEET_X_PERCENT_OFF'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

/**
 * A category promotion (spec §3 promoMethod). X and Y keep the spec's meaning per type:
 * BUY_X_GET_Y_FREE counts items; MEET_X_MINUS_Y is X cents spent, Y cents off;
 * MEET_X_PERCENT_OFF is X cents spent, Y percent off (0..100).
 */
export const promoMethodSchema = z.object({
  name: z.string().min(1).max(100),
  type: z.enum(PROMO_TYPES),
  x: z.number().int().min(0).max(9_999_900),
  y: z.number().int().min(0).max(9_999_900),
});
export type PromoMethod = z.infer<typeof promoMethodSchema>;

/** An order promotion: orders whose subtotal exceeds amountCents may add one free item. */
export const orderPromotionSchema = z.object({
  amountCents: z.number().int().min(0).max(9_999_900),
  freeItemNames: z.array(z.string().min(1).max(100)).max(50),
});
export type OrderPromotion = z.infer<typeof orderPromotionSchema>;

export const addressSchema = z.object({
  street: z.string().max(200),
  city: z.string().max(100),
  state: z.string().max(50),
  postalCode: z.string().max(10),
});
export type Address = z.infer<typeof addressSchema>;

export const customerInfoCollectSchema = z.object({
  enabled: z.boolean(),
  noticeMsg: multiLine(z.string().max(2000)),
  recevingEmail: z.array(z.string().refine(isEmailAddress, MESSAGES.CUSTOMER_INFO_EMAIL)).max(10),
  subject: z.string().max(200),
});
export type CustomerInfoCollect = z.infer<typeof customerInfoCollectSchema>;

export const ORDER_METHODS = [
  'pickup',
  'delivery',
  'curbside',
  'dinein',
  'roomServiceDelivery',
] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

export const PAYMENT_METHODS = ['creditcard', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ECOMM_PROVIDERS = [
  'sandbox',
  'cardPointe',
  'tsys',
  'authorizeNet',
  'elavon',
  'tsys2',
] as const;
export type EcommProvider = (typeof ECOMM_PROVIDERS)[number];

export const PRINT_FORMATS = ['kitchen', 'receipt', 'label'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];
