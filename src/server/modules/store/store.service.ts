import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/merchants.repository.js';
import type { PublicBusinessInfo } from './business-info.schema.js';

const point = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? { lat, lng } : null;

/** The store's settings as a diner sees them. */
export async function getPublicBusinessInfo(
  ctx: AppContext,
  merchantId: string,
): Promise<PublicBusinessInfo> {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return {
    merchantId: m.merchantId,
    name: m.name,
    description: m.description,
    logoUrl: m.logoUrl,
    phone: m.phone,
    webSite: m.webSite,
    address: m.address,
    location: point(m.lat, m.lng),
    timeZone: m.timeZone,
    businessHour: m.businessHours,
    deliveryAvailableTime: m.deliveryAvailableTime,
    foodPreparingTime: m.foodPreparingTime,
    taxRate: Number(m.taxRate),
    fixedTipRate: Number(m.fixedTipRate),
    processingFeeRate: Number(m.processingFeeRate),
    serviceFeeCents: m.serviceFeeCents,
    roomServiceDeliveryFeeCents: m.roomServiceDeliveryFeeCents,
    deliveryFees: m.deliveryFees,
    minOrderForDeliveryCents: m.minOrderForDeliveryCents,
    ecomm_provider: m.ecommProvider,
    supportCreditcardPayment: m.supportCreditcardPayment,
    supportCashPayment: m.supportCashPayment,
    allowAmericanExpressCard: m.allowAmericanExpressCard,
    delivery: m.delivery,
    curbside: m.curbside,
    roomService: m.roomService,
    dinein: m.dinein,
    enableBranch: m.enableBranch,
    branchName: m.branchName,
    branchAddress: m.branchAddress,
    branchLocation: point(m.branchLat, m.branchLng),
    enableOrderPromotion: m.enableOrderPromotion,
    orderPromotions: m.orderPromotions,
    orderPromotionsAvailableTime: m.orderPromotionsAvailableTime,
    enableFoodTimeSchedule: m.enableFoodTimeSchedule,
    homePageNotice: m.homePageNotice,
    orderPreparingNotice: m.orderPreparingNotice,
    dineinNotice: m.dineinNotice,
    showRawItemNote: m.showRawItemNote,
    showSpicyItemNote: m.showSpicyItemNote,
    showVeganItemNote: m.showVeganItemNote,
    showSecondLanguage: m.showSecondLanguage,
    hideItemSpecialInstructionInput: m.hideItemSpecialInstructionInput,
    customerInfoCollect: m.customerInfoCollect
      ? { enabled: m.customerInfoCollect.enabled, noticeMsg: m.customerInfoCollect.noticeMsg }
      : null,
  };
}
