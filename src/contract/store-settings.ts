// The store pane's settings (issue 12, spec §2 Store and §7 "PUT .../businessInfo"): what the
// signed-in merchant reads of its own store, and the save. The spec sends "the whole info object";
// here every section is optional, so a pane saves one section or the whole object. Name, merchant
// id, address and web site are read-only: sent unchanged they are ignored, changed they are
// refused. The password is never returned and never saved here: it has its own form, which asks
// for the current one (checklist S2.104, S2.105, E3.2, C7.3).
import { z } from 'zod';
import {
  noticeSchema,
  orderPromotionFormSchema,
  tableNameSchema,
  fixedTipRateSchema,
  taxRateSchema,
  weeklyHoursFormSchema,
  weeklyPrepTimeFormSchema,
} from '../domain/merchant-rules/store.js';
import { MESSAGES } from '../domain/messages.js';
import { tipPresetsSchema } from '../domain/pricing/tip-presets-schema.js';
import {
  addressSchema,
  customerInfoCollectSchema,
  deliveryFeeRangeSchema,
  ECOMM_PROVIDERS,
  openPeriodSchema,
} from '../domain/settings/schemas.js';
import { isEmailAddress } from '../domain/validation/email.js';
import { PASSWORD_MAX, checkPassword, phoneDigits } from '../domain/validation/fields.js';
import { merchantParams, success } from './common.js';
import { errorAnswers } from './errors.js';
import { defineRoute } from './route.js';
import { publicBusinessInfo } from './store.js';
import { readOnlyKeysOf, writeBodyOf } from './write-body.js';

/** The most dine-in tables, notification emails and order promotions a store keeps. */
export const SETTINGS_LIMITS = {
  tables: 200,
  notificationEmails: 10,
  orderPromotions: 20,
  deliveryFees: 20,
} as const;

/** Everything the store pane shows: the public info and the merchant's own settings. */
export const merchantBusinessInfo = publicBusinessInfo.omit({ unavailable: true }).extend({
  email: z.string(),
  enableReceivingOrderPlacedSms: z.boolean(),
  enableOrderTimeConfirmSms: z.boolean(),
  emailReceivingNotification: z.array(z.string()),
  customerInfoCollect: customerInfoCollectSchema.nullable(),
  dineinTables: z.array(z.string()),
  /** The providers the merchant may choose: those with a gateway adapter on this server. */
  paymentProviders: z.array(z.string()),
  /** The settings' save counter: sent back with a save, which lands only while unchanged. */
  settingsVersion: z.number().int(),
});
export type MerchantBusinessInfo = z.infer<typeof merchantBusinessInfo>;

const email = z
  .string()
  .trim()
  .max(100, MESSAGES.CUSTOMER_INFO_EMAIL)
  .refine(isEmailAddress, MESSAGES.CUSTOMER_INFO_EMAIL);

/** A store phone: 10 digits once formatting is removed, stored as the digits (spec §5). */
const storePhone = z
  .string()
  .max(30, MESSAGES.CUSTOMER_INFO_PHONE)
  .transform(phoneDigits)
  .refine((d) => d.length === 10, MESSAGES.CUSTOMER_INFO_PHONE);

const uniqueTables = z
  .array(tableNameSchema)
  .max(SETTINGS_LIMITS.tables, `At most ${SETTINGS_LIMITS.tables} tables`)
  .refine(
    (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
    'Each table needs its own name',
  );

/** An order promotion read back as stored ({ amountCents }) becomes the form's { amount }. */
function storedPromotionAsTyped(value: unknown): unknown {
  if (!value || typeof value !== 'object' || 'amount' in value || !('amountCents' in value))
    return value;
  const { amountCents, freeItemNames } = value as { amountCents: unknown; freeItemNames: unknown };
  return {
    amount: typeof amountCents === 'number' ? (amountCents / 100).toFixed(2) : amountCents,
    freeItemNames,
  };
}

/** The 409 of a save whose settingsVersion is no longer the stored one. */
export const SETTINGS_CHANGED_ELSEWHERE =
  'These settings were changed by someone else. Reload to see them, then make your change again.';

/** The read-only fields: accepted only unchanged (the whole info object may be sent back). */
export const READ_ONLY_SETTINGS = ['merchantId', 'name', 'address', 'webSite'] as const;

const businessInfoFields = {
  // read-only (compared with what is stored)
  merchantId: z.string().max(64).optional(),
  name: z.string().max(200).optional(),
  address: addressSchema.optional(),
  webSite: z.string().max(300).optional(),
  /** Never saved here: refused with a pointer to the password form. */
  password: z.unknown().optional(),
  /**
   * The settingsVersion the sender read (ours, issue 28): when sent, the save lands only if no
   * other save came between, else 409 SETTINGS_CHANGED_ELSEWHERE. The spec's clients send none.
   */
  settingsVersion: z.number().int().min(1).optional(),

  // business info
  phone: z.union([z.literal(''), storePhone]).optional(),
  email: z.union([z.literal(''), email]).optional(),
  timeZone: z.string().max(64).optional(),
  // hours and preparing times
  businessHour: weeklyHoursFormSchema.optional(),
  foodPreparingTime: weeklyPrepTimeFormSchema.optional(),
  enableFoodTimeSchedule: z.boolean().optional(),
  // notices
  homePageNotice: noticeSchema.optional(),
  orderPreparingNotice: noticeSchema.optional(),
  dineinNotice: noticeSchema.optional(),
  // notifications
  emailReceivingNotification: z
    .array(email)
    .max(SETTINGS_LIMITS.notificationEmails, `At most ${SETTINGS_LIMITS.notificationEmails} emails`)
    .optional(),
  enableReceivingOrderPlacedSms: z.boolean().optional(),
  enableOrderTimeConfirmSms: z.boolean().optional(),
  // order promotion
  enableOrderPromotion: z.boolean().optional(),
  // As typed (amount in dollars) or as stored and read back (amountCents, turned into dollars).
  orderPromotions: z
    .array(z.preprocess(storedPromotionAsTyped, orderPromotionFormSchema))
    .max(SETTINGS_LIMITS.orderPromotions)
    .optional(),
  orderPromotionsAvailableTime: weeklyHoursFormSchema.nullish(),
  // tax
  taxRate: taxRateSchema.optional(),
  /** The fixed gratuity (K9.8): a fraction 0..1, kept in ppm like the tax rate. */
  fixedTipRate: fixedTipRateSchema.optional(),
  /** The checkout's tip presets and the default per order method (issue 28). */
  tipPresets: tipPresetsSchema.optional(),
  // methods, delivery and curbside
  delivery: z.boolean().optional(),
  curbside: z.boolean().optional(),
  roomService: z.boolean().optional(),
  dinein: z.boolean().optional(),
  deliveryFees: z.array(deliveryFeeRangeSchema).max(SETTINGS_LIMITS.deliveryFees).optional(),
  minOrderForDeliveryCents: z.number().int().min(0).max(9_999_900).optional(),
  deliveryAvailableTime: openPeriodSchema.nullish(),
  dineinTables: uniqueTables.optional(),
  // payment
  ecomm_provider: z.enum(ECOMM_PROVIDERS).optional(),
  supportCreditcardPayment: z.boolean().optional(),
  supportCashPayment: z.boolean().optional(),
  allowAmericanExpressCard: z.boolean().optional(),
  // display
  showRawItemNote: z.boolean().optional(),
  showSpicyItemNote: z.boolean().optional(),
  showVeganItemNote: z.boolean().optional(),
  showSecondLanguage: z.boolean().optional(),
  hideItemSpecialInstructionInput: z.boolean().optional(),
  // customer-info collection
  customerInfoCollect: customerInfoCollectSchema.nullish(),
};

/**
 * The save (issue 28): strict, so a key nobody reads is refused naming it; the settings read's
 * other keys (`location`, `description`, `logoUrl`, the fees, the branch, `paymentProviders`)
 * are accepted unchanged and refused changed, so the read may be sent back whole.
 */
export const businessInfoUpdate = writeBodyOf(merchantBusinessInfo, businessInfoFields);
export type BusinessInfoUpdate = z.output<typeof businessInfoUpdate>;
/** The settings read's keys the save does not write: compared with what is stored. */
export const BUSINESS_INFO_READ_ONLY_KEYS = readOnlyKeysOf(
  merchantBusinessInfo,
  businessInfoFields,
);

const base = '/api/businessInfos/merchantId/:merchantId';

/** PUT .../businessInfo: saves the sections sent, all or nothing; answers the saved settings. */
export const updateBusinessInfo = defineRoute('PUT', `${base}/businessInfo`, {
  tags: ['store settings'],
  params: merchantParams,
  body: businessInfoUpdate,
  response: { 200: merchantBusinessInfo, ...errorAnswers(400, 401, 403, 404, 409) },
});

/** GET .../businessInfo/settings: the signed-in merchant's whole settings (the store pane). */
export const getMerchantBusinessInfo = defineRoute('GET', `${base}/businessInfo/settings`, {
  tags: ['store settings'],
  params: merchantParams,
  response: { 200: merchantBusinessInfo, ...errorAnswers(400, 401, 403, 404) },
});

/**
 * POST /api/merchantUsers/merchantId/{merchantId}/password: the merchant's own password change,
 * in the body (never a URL: the spec's GET .../password_checking/{password} is not served,
 * checklist C7.6), with the current password. Every other session of the merchant is signed out.
 */
export const changeMerchantPassword = defineRoute(
  'POST',
  '/api/merchantUsers/merchantId/:merchantId/password',
  {
    tags: ['merchant auth'],
    params: merchantParams,
    body: z.object({
      currentPassword: z.string().min(1, MESSAGES.REQUIRED).max(PASSWORD_MAX),
      newPassword: z
        .string()
        .max(PASSWORD_MAX, MESSAGES.PASSWORD_RULE)
        .superRefine((p, ctx) => {
          const problem = checkPassword(p);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    }),
    response: { 200: success, ...errorAnswers(400, 401, 403, 429) },
  },
);
