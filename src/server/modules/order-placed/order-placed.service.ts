// The diner's order-placed page (spec §2 order_placed route): one order by its random _id, with
// the merchant's name and logo, the ready-time rule and the order's live status. Nothing here can
// be enumerated: the id is a random UUID and a wrong merchant or unknown id is a plain 404.
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { type OrderPlacedView, wireStateOf } from '../../../contract/orders.js';
import { formatAddress, orderLiveStatus } from '../../../domain/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { orderAmountsOf, orderLineViews, readyTimeOf } from '../orders/index.js';
import { findMerchantOrder, findOrderLines } from './order-placed.repository.js';

export async function getPlacedOrder(
  ctx: AppContext,
  merchantId: string,
  orderId: string,
): Promise<OrderPlacedView> {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Order');
  const order = await findMerchantOrder(ctx.db, merchant.id, orderId);
  // A failed order was never placed: the diner is told at checkout, and this page has nothing.
  if (!order || order.state === 'failed') throw notFound('Order');
  const lines = await findOrderLines(ctx.db, order.id);
  return {
    _id: order.id,
    state: wireStateOf(order.state),
    stage: order.state,
    orderId: order.orderNumber,
    dailyOrderId: order.dailyOrderNumber,
    orderSaveDate: (order.placedAt ?? order.createdAt).toISOString(),
    orderMethod: order.orderMethod,
    paymentMethod: order.paymentMethod,
    paid: order.paid,
    hasVoid: order.hasVoid,
    dineinTableName: order.dineinTableName ?? '',
    scheduleDate: order.scheduleDate,
    scheduleTimeStr: order.scheduleTimeStr,
    willBeReadyInMinutes: order.willBeReadyInMinutes,
    readyTime: readyTimeOf(order, merchant),
    live: orderLiveStatus(order, merchant.timeZone),
    customerName: order.customerName,
    orderItems: orderLineViews(lines),
    amounts: orderAmountsOf(order),
    merchant_info: {
      merchantId: merchant.merchantId,
      name: merchant.name,
      logoUrl: merchant.logoUrl,
      phone: merchant.phone,
    },
    orderPreparingNotice: merchant.orderPreparingNotice,
    handover: handoverOf(order, merchant),
    customerInfoCollect: merchant.customerInfoCollect
      ? {
          enabled: merchant.customerInfoCollect.enabled,
          noticeMsg: merchant.customerInfoCollect.noticeMsg,
        }
      : null,
  };
}

/** The delivery address, or the store (its branch when the order chose it) that hands it over. */
function handoverOf(
  order: { orderMethod: string; customerAddrStr: string; isBranch: boolean },
  merchant: NonNullable<Awaited<ReturnType<typeof findMerchantBySlug>>>,
): OrderPlacedView['handover'] {
  if (order.orderMethod === 'delivery') {
    return { kind: 'delivery', name: '', address: order.customerAddrStr };
  }
  if (order.isBranch && merchant.branchAddress) {
    return {
      kind: 'store',
      name: merchant.branchName || merchant.name,
      address: formatAddress(merchant.branchAddress),
    };
  }
  return { kind: 'store', name: merchant.name, address: formatAddress(merchant.address) };
}
