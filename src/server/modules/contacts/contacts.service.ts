// The order-placed page's customer-info form (spec §4 customer-info flow, §7 POST
// /api/contacts/customerInfo). The diner's details are stored and emailed to the merchant's own
// customerInfoCollect recipients with its subject, never to addresses sent by the browser
// (checklist C7.39; docs/decisions/contacts-customer-info.md). The row and the queued email are
// written in one transaction: both or neither.
import { and, eq, ne } from 'drizzle-orm';
import type { CustomerInfoInput } from '../../../domain/validation/forms.js';
import type { AppContext } from '../../app-context.js';
import { customerInfoSubmissions, orders } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/merchants.repository.js';
import { enqueueCustomerInfoEmail } from '../notifications/notifications.service.js';

export const CUSTOMER_INFO_NOT_COLLECTED = 'This store does not collect customer information';

export interface CustomerInfoSubmission {
  merchantId: string;
  /** The order-placed page's order (its _id), when the form was sent from one. */
  orderId?: string | undefined;
  customerInfo: CustomerInfoInput;
}

export async function submitCustomerInfo(
  ctx: AppContext,
  input: CustomerInfoSubmission,
): Promise<{ id: string; emailQueued: boolean }> {
  const merchant = await findMerchantBySlug(ctx.db, input.merchantId);
  if (!merchant) throw notFound('Merchant');
  if (!merchant.customerInfoCollect?.enabled)
    throw new AppError('not_found', CUSTOMER_INFO_NOT_COLLECTED);

  if (input.orderId !== undefined) {
    // Only an order of this merchant that was placed (a failed one has no order-placed page).
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.id, input.orderId),
          eq(orders.merchantId, merchant.id),
          ne(orders.state, 'failed'),
        ),
      );
    if (!order) throw notFound('Order');
  }

  const info = input.customerInfo;
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerInfoSubmissions)
      .values({
        merchantId: merchant.id,
        orderId: input.orderId ?? null,
        fname: info.fname,
        lname: info.lname,
        email: info.email,
        phone: info.phone,
        address: info.address,
      })
      .returning({ id: customerInfoSubmissions.id });
    const queued = await enqueueCustomerInfoEmail(tx, {
      merchant,
      submission: { id: row!.id, ...info },
    });
    return { id: row!.id, emailQueued: queued.queued };
  });
  if (!result.emailQueued) {
    // Enabled with no valid recipient: the details are kept, and the merchant should know.
    ctx.log.warn(
      { merchantId: merchant.merchantId, submissionId: result.id },
      'customer info stored but customerInfoCollect has no valid recipient',
    );
  }
  return result;
}
