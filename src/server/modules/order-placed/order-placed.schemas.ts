import { z } from 'zod';
import { orderAmountsView } from '../cart/index.js';

export const orderPlacedView = z.object({
  _id: z.string(),
  state: z.enum(['awaiting_payment', 'placed', 'voided', 'failed']),
  orderId: z.number().int().nullable(),
  dailyOrderId: z.number().int().nullable(),
  orderSaveDate: z.string(),
  orderMethod: z.string(),
  paymentMethod: z.string(),
  paid: z.boolean(),
  hasVoid: z.boolean(),
  dineinTableName: z.string(),
  scheduleDate: z.string(),
  scheduleTimeStr: z.string(),
  willBeReadyInMinutes: z.number().int().nullable(),
  readyTime: z.object({ kind: z.string(), text: z.string() }),
  customerName: z.string(),
  orderItems: z.array(
    z.object({
      name: z.string(),
      name_2nd: z.string(),
      size: z.string(),
      size_2nd: z.string(),
      qty: z.number().int(),
      priceCents: z.number().int(),
      orderItemOptions: z.array(
        z.object({ name: z.string(), name_2nd: z.string(), priceCents: z.number().int() }),
      ),
      note: z.string(),
      lineTotalCents: z.number().int(),
      isFreePromo: z.boolean(),
    }),
  ),
  amounts: orderAmountsView.omit({ feesShownCents: true }),
  merchant_info: z.object({
    merchantId: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    phone: z.string(),
  }),
  orderPreparingNotice: z.string(),
  customerInfoCollect: z.object({ enabled: z.boolean(), noticeMsg: z.string() }).nullable(),
});
export type OrderPlacedView = z.infer<typeof orderPlacedView>;
