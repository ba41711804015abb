import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { type PublicBusinessInfo, publicBusinessInfo } from '../../../contract/store.js';
import { CachedBody, type InvalidationBus, MerchantCache } from '../cache/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { SPEC_TIP_PRESETS } from '../../../domain/pricing/tips.js';

type MerchantRow = NonNullable<Awaited<ReturnType<typeof findMerchantBySlug>>>;

const point = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? { lat, lng } : null;

/** The store's settings as a diner sees them. */
export async function getPublicBusinessInfo(
  ctx: AppContext,
  merchantId: string,
): Promise<PublicBusinessInfo> {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return toPublicBusinessInfo(m);
}

/**
 * The public business info of one app, serialized once per merchant and kept until a
 * `menu_changed` notification for that merchant (settings edits send it too).
 */
export class BusinessInfoReader {
  private readonly cache: MerchantCache<CachedBody>;

  constructor(ctx: AppContext, bus: InvalidationBus) {
    this.cache = new MerchantCache(bus, async (slug) => {
      const m = await findMerchantBySlug(ctx.db, slug);
      if (!m) return null;
      // Parsed once per load, as the route serializer did per request: only schema fields remain.
      const info = publicBusinessInfo.parse(toPublicBusinessInfo(m));
      return { merchantUuid: m.id, value: CachedBody.of(info) };
    });
  }

  /** The merchant's public business info as JSON bytes; throws not_found for an unknown one. */
  async body(merchantId: string): Promise<CachedBody> {
    const body = await this.cache.get(merchantId);
    if (!body) throw notFound('Merchant');
    return body;
  }
}

/** The store as a diner sees it, with whether the platform disabled it. */
export function toPublicBusinessInfo(m: MerchantRow): PublicBusinessInfo {
  return { ...storeFields(m), unavailable: m.disabledAt !== null };
}

/**
 * Picks the public fields one by one (never a spread of the row), so a column added later
 * stays private until someone adds it here and to the schema. The dashboard's view starts here.
 */
export function storeFields(m: MerchantRow): Omit<PublicBusinessInfo, 'unavailable'> {
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
    tipPresets: m.tipPresets ?? SPEC_TIP_PRESETS,
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
