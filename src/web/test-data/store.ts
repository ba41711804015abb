// Test data of the web tests, built by parsing through the contract's answer schemas: a field the
// server renames, drops or types differently makes these builders (and so the tests) fail.
import { SPEC_TIP_PRESETS } from '../../domain/pricing/tips.js';
import { z } from 'zod';
import {
  categoryView,
  publicItemView,
  type CategoryView,
  type PublicItemView,
} from '../../contract/menu.js';
import { publicBusinessInfo, type PublicBusinessInfo } from '../../contract/store.js';
import { cartLineView, cartView, type CartLineView, type CartView } from '../../contract/cart.js';
import { ZERO_TOTALS } from '../../domain/pricing/quote.js';

/** Parses `value` through `schema` and names the test data that drifted from the contract. */
function parsed<S extends z.ZodType>(what: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `${what} test data does not match the contract:\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}

const allWeek = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [{ open: 11 * 60, close: 22 * 60 }],
  ]),
);

/** A store's public business info (the demo store's kind of settings). */
export function businessInfo(overrides: Partial<PublicBusinessInfo> = {}): PublicBusinessInfo {
  return parsed('business info', publicBusinessInfo, {
    merchantId: 'demo',
    name: 'Golden Lotus',
    description: 'Cantonese kitchen',
    logoUrl: null,
    phone: '(212) 555-0188',
    webSite: '',
    address: { street: '88 Mott Street', city: 'New York', state: 'NY', postalCode: '10013' },
    location: { lat: 40.7163, lng: -73.9985 },
    timeZone: 'America/New_York',
    businessHour: allWeek,
    deliveryAvailableTime: null,
    foodPreparingTime: {},
    taxRate: 0.08875,
    fixedTipRate: 0,
    tipPresets: SPEC_TIP_PRESETS,
    processingFeeRate: 0,
    serviceFeeCents: 0,
    roomServiceDeliveryFeeCents: 0,
    deliveryFees: [],
    minOrderForDeliveryCents: 0,
    ecomm_provider: 'none',
    supportCreditcardPayment: false,
    supportCashPayment: true,
    allowAmericanExpressCard: false,
    delivery: false,
    curbside: false,
    roomService: false,
    dinein: true,
    enableBranch: false,
    branchName: '',
    branchAddress: null,
    branchLocation: null,
    enableOrderPromotion: false,
    orderPromotions: [],
    orderPromotionsAvailableTime: null,
    enableFoodTimeSchedule: false,
    homePageNotice: '',
    orderPreparingNotice: '',
    dineinNotice: '',
    showRawItemNote: true,
    showSpicyItemNote: true,
    showVeganItemNote: true,
    showSecondLanguage: true,
    hideItemSpecialInstructionInput: false,
    customerInfoCollect: null,
    unavailable: false,
    ...overrides,
  });
}

/** A menu category (no promotion, open whenever the store is). */
export function category(overrides: Partial<CategoryView> & { _id: string }): CategoryView {
  return parsed('category', categoryView, {
    name: 'Category',
    name_2nd: '',
    description: '',
    sortOrder: 0,
    availableHour: null,
    promoMethod: null,
    unavailableForBranch: false,
    ...overrides,
  });
}

/** A menu item that can be ordered now, with no sizes or options. */
export function menuItem(
  overrides: Partial<PublicItemView> & { _id: string; _idCategory: string },
): PublicItemView {
  return parsed('menu item', publicItemView, {
    item_order_id: 0,
    _idPrinters: [],
    // The spec's single printer is the first of the list (E3.30).
    _idPrinter: overrides._idPrinters?.[0] ?? null,
    name: 'Item',
    name_2nd: '',
    discription: '',
    priceCents: 100,
    raw_sign: false,
    spicy_sign: false,
    vegan_sign: false,
    imgUrl: null,
    soldout: false,
    size_alias: '',
    availableHour: null,
    size: [],
    options: [],
    available: true,
    unavailableNote: null,
    ...overrides,
  });
}

/** The server's cart answer: empty, open store, Checkout — with overrides. */
export function cartAnswer(overrides: Partial<CartView> = {}): CartView {
  return parsed('cart', cartView, {
    userId: 'diner-1',
    orderItems: [],
    checkoutInfo: {
      orderMethod: 'pickup',
      dineinTableName: '',
      isBranch: false,
      time: { kind: 'asap' },
      customerName: '',
      phone: '',
      customerEmail: '',
      deliveryAddress: '',
      deliveryNote: '',
      carMakeModel: '',
      carColor: '',
      roomServiceRoom: '',
      lastName: '',
      paymentMethod: 'cash',
      tip: { kind: 'percent', ratePpm: 100_000 },
      receiveOrderInfo: false,
    },
    amounts: ZERO_TOTALS,
    categoryDiscountCents: 0,
    storeOpen: true,
    cartButton: 'checkout',
    delivery: null,
    promoCode: null,
    promoCodeDropped: false,
    freeAddon: { offered: false, freeItemNames: [], dropped: false },
    ...overrides,
  });
}

/** One cart line as the server prices it. */
export function cartLine(
  overrides: Partial<CartLineView> & { _id: string; name: string },
): CartLineView {
  return parsed('cart line', cartLineView, {
    _idItem: 'item-1',
    _idCategory: 'cat-1',
    name_2nd: '',
    size: '',
    size_2nd: '',
    _idSize: null,
    priceCents: 100,
    qty: 1,
    orderItemOptions: [],
    note: '',
    isFreePromo: false,
    available: true,
    unavailableNote: null,
    grossCents: 100,
    discountCents: 0,
    lineTotalCents: 100,
    ...overrides,
  });
}
