// The object Converge's Lightbox hands the page's onApproval / onDeclined callback: a flat object
// of ssl_* fields [S-EV8] (npm converge-lib README sample; PayWithConverge.open usage [S-EV4]
// [S-EV5]). The storefront posts it back to our server only to name the transaction; the server
// never trusts it — hosted.confirm looks the transaction up at Converge itself.
// Imports only zod, so the route owner can move it into src/contract unchanged.
import { z } from 'zod';

/** Text or a number (the sample shows ssl_amount as a number), kept as text. */
const text = (max: number) =>
  z.union([z.string().max(max), z.number().finite()]).transform((v) => String(v));

/** A masked card number ("41**********1111"): never a full number (docs/design/security.md). */
const maskedCard = z
  .string()
  .max(24)
  .refine((v) => !/^\d{9,}$/.test(v.replace(/[\s-]/g, '')), 'Card number must be masked');

export const convergeLightboxResponse = z.object({
  /** "0" approved; anything else declined. */
  ssl_result: text(8),
  ssl_result_message: text(200).optional(),
  /** Converge's transaction id: what the server confirms with. */
  ssl_txn_id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, 'Not a Converge transaction id'),
  ssl_amount: text(20).optional(),
  ssl_invoice_number: text(50).optional(),
  ssl_merchant_txn_id: text(50).optional(),
  ssl_approval_code: text(20).optional(),
  ssl_card_number: maskedCard.optional(),
  ssl_card_short_description: text(30).optional(),
  ssl_card_type: text(30).optional(),
  ssl_exp_date: text(6).optional(),
  ssl_avs_response: text(4).optional(),
  ssl_cvv2_response: text(4).optional(),
  ssl_transaction_type: text(30).optional(),
  ssl_txn_time: text(40).optional(),
});

export type ConvergeLightboxResponse = z.infer<typeof convergeLightboxResponse>;

/** What the page reports: the callback that fired and, for approvals and declines, the object. */
export const convergeLightboxOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('approval'), response: convergeLightboxResponse }),
  z.object({ outcome: z.literal('declined'), response: convergeLightboxResponse }),
  z.object({ outcome: z.literal('cancelled') }),
  z.object({ outcome: z.literal('error'), message: z.string().max(500).optional() }),
]);

export type ConvergeLightboxOutcome = z.infer<typeof convergeLightboxOutcome>;
