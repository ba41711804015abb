// Reprices a cart from the stored menu and settings on every read (the server is the authority,
// docs/design/money.md): each line's choice is checked again against today's menu, its availability
// is judged at the chosen time, and the whole order is quoted with the domain rules.
import type { DateTime } from 'luxon';
import {
  type CategoryPromos,
  type CheckoutInfo,
  type DeliveryFeeResult,
  tipWithPresets,
  type FreeAddonOffer,
  MESSAGES,
  type Quote,
  cartButtonState,
  checkItemChoice,
  freeAddonOffer,
  isFreeAddonChoiceValid,
  inZone,
  isLineAvailable,
  isOpenAt,
  localDay,
  pricingSettingsFrom,
  quoteOrder,
  wallTimeInstants,
} from '../../../domain/index.js';
import { type CategoryView, type ItemView, itemForChoice } from '../../../contract/menu.js';
import type { MerchantRow } from '../merchants/index.js';
import type { ValidPromoCode } from '../promo/index.js';
import type { CartLineRow } from './cart.repository.js';

export interface PricedLine {
  id: string;
  itemId: string;
  categoryId: string;
  name: string;
  name2: string;
  sizeId: string | null;
  sizeName: string;
  sizeName2: string;
  /** Size or item price, without options. */
  unitPriceCents: number;
  options: { id: string; name: string; name2: string; priceCents: number }[];
  quantity: number;
  note: string;
  printerIds: string[];
  isFreePromo: boolean;
  /** False when the menu changed so the choice no longer holds (a size or value was removed). */
  valid: boolean;
  available: boolean;
  unavailableNote: string | null;
  grossCents: number;
  discountCents: number;
  lineTotalCents: number;
}

export interface PricedCart {
  checkout: CheckoutInfo;
  orderAt: DateTime;
  storeOpen: boolean;
  cartButton: 'storeClosed' | 'removeUnavailable' | 'checkout';
  lines: PricedLine[];
  quote: Quote;
  delivery: DeliveryFeeResult | null;
  freeAddon: FreeAddonOffer;
  /** The diner chose a free item that is no longer offered, so it was left out. */
  freeAddonDropped: boolean;
  promo: ValidPromoCode | null;
}

export interface PricingInput {
  merchant: MerchantRow;
  items: ReadonlyMap<string, ItemView>;
  categories: ReadonlyMap<string, CategoryView>;
  lines: readonly CartLineRow[];
  checkout: CheckoutInfo;
  promo: ValidPromoCode | null;
  deliveryDistanceMiles: number | null;
  now: Date;
}

/** The instant the order is for: now for ASAP, else the scheduled wall-clock time if chosen. */
export function orderInstant(checkout: CheckoutInfo, now: Date, zone: string): DateTime {
  const t = checkout.time;
  if (t.kind === 'scheduled' && t.date && t.minuteOfDay !== null) {
    const day = localDay(t.date, zone);
    const at = day ? wallTimeInstants(day, t.minuteOfDay)[0] : undefined;
    if (at) return at;
  }
  return inZone(now.getTime(), zone);
}

/** An item of the menu as the domain's choice check wants it (one home: the contract). */
export const choiceMenuOf = itemForChoice;

/** A line's option values grouped by their option group (a value the item lost: 'unknown'). */
export function lineOptionsByGroup(
  row: Pick<CartLineRow, 'optionValueIds'>,
  item: ItemView,
): Record<string, string[]> {
  const valueGroup = new Map<string, string>();
  for (const g of item.options) for (const v of g.optionValues) valueGroup.set(v._id, g._id);
  const options: Record<string, string[]> = {};
  for (const valueId of row.optionValueIds) {
    const groupId = valueGroup.get(valueId) ?? 'unknown';
    (options[groupId] ??= []).push(valueId);
  }
  return options;
}

function priceLineChoice(row: CartLineRow, item: ItemView | undefined) {
  if (!item) return null;
  const options = lineOptionsByGroup(row, item);
  return checkItemChoice(
    {
      ...choiceMenuOf(item),
      // Sold out is an availability question, judged below, not a reason to forget the choice.
      soldOut: false,
    },
    { sizeId: row.sizeId, options, quantity: row.quantity, note: row.note },
  );
}

export function priceCart(input: PricingInput): PricedCart {
  const { merchant, checkout } = input;
  const zone = merchant.timeZone;
  const orderAt = orderInstant(checkout, input.now, zone);
  // A store the platform disabled shows as closed: the cart offers no ordering.
  const storeOpen = !merchant.disabledAt && isOpenAt(merchant.businessHours, orderAt, zone);
  const drafts = input.lines.map((row) => draftLine(input, row, orderAt));
  // Only lines that still hold count toward the money.
  const priced = drafts.filter((d) => d.valid);
  const quote = quoteLines(input, priced);
  const quoted = new Map(priced.map((d, i) => [d.row.id, quote.lines[i]!]));
  const freeAddon = freeAddonOffer({
    enabled: merchant.enableOrderPromotion,
    promotions: merchant.orderPromotions,
    subtotalCents: quote.totals.subtotalCents,
    promoCodeApplied: input.promo !== null,
    categoryDiscountCents: quote.categoryDiscountCents,
    availableHours: merchant.orderPromotionsAvailableTime,
    at: orderAt,
    zone,
  });
  const lines: PricedLine[] = drafts.map((d) => pricedLine(d, quoted.get(d.row.id)));
  // The free add-on is a choice of the checkout, shown as a line priced 0 while the offer stands
  // (spec §3 "Free addon item"); if the offer is withdrawn (a code applied, subtotal fell) it goes.
  const freeName = checkout.freeAddonItemName ?? null;
  const freeItem =
    freeName && isFreeAddonChoiceValid(freeAddon, freeName)
      ? [...input.items.values()].find((i) => i.name === freeName && !i.soldout)
      : undefined;
  if (freeItem) lines.push(freeAddonLine(freeItem));
  return {
    checkout,
    orderAt,
    storeOpen,
    cartButton: cartButtonState(
      storeOpen,
      lines.some((l) => !l.available),
    ),
    lines,
    quote,
    delivery: quote.delivery,
    freeAddon,
    freeAddonDropped: !!freeName && !freeItem,
    promo: input.promo,
  };
}

type LineRow = PricingInput['lines'][number];
type DraftLine = ReturnType<typeof draftLine>;

/** A cart line against the menu: its choice priced, whether it still holds and is available. */
function draftLine(input: PricingInput, row: LineRow, orderAt: DateTime) {
  const zone = input.merchant.timeZone;
  const item = input.items.get(row.itemId);
  const category = item ? input.categories.get(item._idCategory) : undefined;
  const choice = priceLineChoice(row, item);
  const valid = !!item && choice !== null && choice.ok;
  const branchBlocked = input.checkout.isBranch && !!category?.unavailableForBranch;
  const available =
    valid &&
    !branchBlocked &&
    isLineAvailable(
      {
        categoryHours: category?.availableHour,
        itemHours: item?.availableHour,
        soldOut: item?.soldout,
      },
      orderAt,
      zone,
    );
  const ok = choice?.ok ? choice : null;
  const size = ok?.size ? item?.size.find((s) => s._id === ok.size?.id) : undefined;
  const values = ok
    ? ok.values.map((v) =>
        item!.options.flatMap((g) => g.optionValues).find((x) => x._id === v.id)!,
      )
    : [];
  return {
    row,
    item,
    valid,
    available,
    unitPriceCents: ok?.unitPriceCents ?? item?.priceCents ?? 0,
    optionPricesCents: ok?.optionPricesCents ?? [],
    size,
    values,
  };
}

/** The order's money for the lines that hold: the quote of the domain's pricing rules. */
function quoteLines(input: PricingInput, priced: DraftLine[]) {
  const { merchant, checkout } = input;
  const categoryPromos: CategoryPromos = Object.fromEntries(
    [...input.categories.values()].map((c) => [c._id, c.promoMethod]),
  );
  const method = checkout.orderMethod;
  return quoteOrder({
    lines: priced.map((d) => ({
      categoryId: d.item!._idCategory,
      unitPriceCents: d.unitPriceCents,
      optionPricesCents: d.optionPricesCents,
      quantity: d.row.quantity,
    })),
    categoryPromos,
    settings: pricingSettingsFrom(merchant),
    method,
    // A saved percent the merchant has since removed prices as the store's default (issue 28).
    tip: tipWithPresets(checkout.tip, method, merchant.tipPresets),
    promoCodeRatePpm: input.promo?.percentageOffPpm ?? null,
    deliveryFees: merchant.deliveryFees,
    deliveryDistanceMiles: method === 'delivery' ? input.deliveryDistanceMiles : null,
  });
}

/** A line as the cart and the order show it, with its share of the quote. */
function pricedLine(
  d: DraftLine,
  q: { grossCents: number; discountCents: number; netCents: number } | undefined,
): PricedLine {
  const item = d.item;
  return {
    id: d.row.id,
    itemId: d.row.itemId,
    categoryId: item?._idCategory ?? '',
    name: item?.name ?? '',
    name2: item?.name_2nd ?? '',
    sizeId: d.size?._id ?? null,
    sizeName: d.size?.name ?? '',
    sizeName2: d.size?.name_2nd ?? '',
    unitPriceCents: d.unitPriceCents,
    options: d.values.map((v) => ({
      id: v._id,
      name: v.name,
      name2: v.name_2nd,
      priceCents: v.priceCents,
    })),
    quantity: d.row.quantity,
    note: d.row.note,
    printerIds: item?._idPrinters ?? [],
    isFreePromo: false,
    valid: d.valid,
    available: d.available,
    unavailableNote: d.available ? null : MESSAGES.ITEM_UNAVAILABLE,
    grossCents: q?.grossCents ?? 0,
    discountCents: q?.discountCents ?? 0,
    lineTotalCents: q?.netCents ?? 0,
  };
}

/** The free add-on the diner chose, as a line priced 0. */
function freeAddonLine(
  freeItem: NonNullable<ReturnType<PricingInput['items']['get']>>,
): PricedLine {
  return {
    id: `free-addon-${freeItem._id}`,
    itemId: freeItem._id,
    categoryId: freeItem._idCategory,
    name: freeItem.name,
    name2: freeItem.name_2nd,
    sizeId: null,
    sizeName: '',
    sizeName2: '',
    unitPriceCents: 0,
    options: [],
    quantity: 1,
    note: MESSAGES.FREE_ADDON_NOTE,
    printerIds: freeItem._idPrinters,
    isFreePromo: true,
    valid: true,
    available: true,
    unavailableNote: null,
    grossCents: 0,
    discountCents: 0,
    lineTotalCents: 0,
  };
}
