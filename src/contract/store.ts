// The store's public settings (what a diner may see: no password, credentials or notification
// email) and the promo-code look-ups, at the spec's /api/businessInfos paths.
import { z } from 'zod';
import {
  addressSchema,
  customerInfoCollectSchema,
  deliveryFeeRangeSchema,
  openPeriodSchema,
  orderPromotionSchema,
  weeklyHoursSchema,
  weeklyPrepTimeSchema,
} from '../domain/settings/schemas.js';
import { tipPresetsSchema } from '../domain/pricing/tip-presets-schema.js';
import { latLng, merchantIdParam, merchantParams } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const publicBusinessInfo = z.object({
  merchantId: z.string(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  phone: z.string(),
  webSite: z.string(),
  address: addressSchema,
  location: latLng.nullable(),
  timeZone: z.string(),
  businessHour: weeklyHoursSchema,
  deliveryAvailableTime: openPeriodSchema.nullable(),
  foodPreparingTime: weeklyPrepTimeSchema,
  taxRate: z.number(),
  fixedTipRate: z.number(),
  /** The tips the checkout offers and the default per order method (issue 28). */
  tipPresets: tipPresetsSchema,
  processingFeeRate: z.number(),
  serviceFeeCents: z.number().int(),
  roomServiceDeliveryFeeCents: z.number().int(),
  deliveryFees: z.array(deliveryFeeRangeSchema),
  minOrderForDeliveryCents: z.number().int(),
  ecomm_provider: z.string(),
  supportCreditcardPayment: z.boolean(),
  supportCashPayment: z.boolean(),
  allowAmericanExpressCard: z.boolean(),
  delivery: z.boolean(),
  curbside: z.boolean(),
  roomService: z.boolean(),
  dinein: z.boolean(),
  enableBranch: z.boolean(),
  branchName: z.string(),
  branchAddress: addressSchema.nullable(),
  branchLocation: latLng.nullable(),
  enableOrderPromotion: z.boolean(),
  orderPromotions: z.array(orderPromotionSchema),
  orderPromotionsAvailableTime: weeklyHoursSchema.nullable(),
  enableFoodTimeSchedule: z.boolean(),
  homePageNotice: z.string(),
  orderPreparingNotice: z.string(),
  dineinNotice: z.string(),
  showRawItemNote: z.boolean(),
  showSpicyItemNote: z.boolean(),
  showVeganItemNote: z.boolean(),
  showSecondLanguage: z.boolean(),
  hideItemSpecialInstructionInput: z.boolean(),
  customerInfoCollect: customerInfoCollectSchema
    .pick({ enabled: true, noticeMsg: true })
    .nullable(),
  /**
   * Ours (issue 31): the platform disabled this store (`npm run merchant -- disable`). Its page
   * says so (MESSAGES.STORE_UNAVAILABLE) instead of showing a menu nobody can order from.
   */
  unavailable: z.boolean(),
});
export type PublicBusinessInfo = z.infer<typeof publicBusinessInfo>;

const base = '/api/businessInfos/merchantId/:merchantId';

export const getBusinessInfo = defineRoute('GET', `${base}/businessInfo`, {
  tags: ['store'],
  params: merchantParams,
  response: { 200: publicBusinessInfo, 400: errorBody, 404: errorBody },
});

/** The largest subtotal (cents) the auto-applied promotion look-up accepts. */
export const MAX_PROMO_AMOUNT_CENTS = 9_999_900;

export const getPromoCode = defineRoute('GET', `${base}/promoCode/:code`, {
  tags: ['store'],
  params: z.object({ merchantId: merchantIdParam, code: z.string().min(1).max(50) }),
  response: {
    200: z.object({ code: z.string(), percentageOff: z.number() }),
    400: errorBody,
    404: errorBody,
  },
});

/** The order promotion a subtotal reaches: which free items may be chosen, if any. */
export const getAutoAppliedPromo = defineRoute(
  'GET',
  `${base}/autoAppliedPromoCode/amount/:amount`,
  {
    tags: ['store'],
    params: z.object({
      merchantId: merchantIdParam,
      amount: z.coerce.number().int().min(0).max(MAX_PROMO_AMOUNT_CENTS),
    }),
    response: {
      200: z.object({
        offered: z.boolean(),
        amountCents: z.number().int().nullable(),
        freeItemNames: z.array(z.string()),
      }),
      400: errorBody,
      404: errorBody,
    },
  },
);
