// The order-placed page's customer-info form (spec §4 customer-info flow, §7 POST
// /api/contacts/customerInfo). The diner's details are stored and emailed to the merchant's own
// customerInfoCollect recipients with its subject, never to addresses sent by the browser
// (checklist C7.39; docs/decisions/contacts-customer-info.md). The row and the queued email are
// written in one transaction: both or neither.
import type { CustomerInfoInput } from '../../../domain/validation/forms.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { enqueueCustomerInfoEmail } from '../notifications/index.js';
import { insertCustomerInfo, placedOrderExists } from './contacts.repository.js';

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
    if (!(await placedOrderExists(ctx.db, merchant.id, input.orderId))) throw notFound('Order');
  }

  const info = input.customerInfo;
  const result = await ctx.db.transaction(async (tx) => {
    const id = await insertCustomerInfo(tx, {
      merchantId: merchant.id,
      orderId: input.orderId ?? null,
      fname: info.fname,
      lname: info.lname,
      email: info.email,
      phone: info.phone,
      address: info.address,
    });
    const queued = await enqueueCustomerInfoEmail(tx, { merchant, submission: { id, ...info } });
    return { id, emailQueued: queued.queued };
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
