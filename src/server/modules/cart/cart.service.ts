// The diner's cart: lines that reference the menu by id, checkout choices, and a price that is
// always recomputed from the database (cart-pricing.ts).
import { randomUUID } from 'node:crypto';
import {
  type CheckoutInfo,
  type ItemChoiceRequest,
  MESSAGES,
  checkItemChoice,
  checkoutInfoSchema,
  defaultPaymentMethod,
  defaultTipChoice,
  isTipPreset,
  tipWithPresets,
  offeredOrderMethods,
  offeredPaymentMethods,
} from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { haversineMiles } from '../../adapters/geo/types.js';
import { AppError, type FieldIssue, notFound } from '../../lib/app-error.js';
import { type CartLineChange, MAX_CART_LINES } from '../../../contract/cart.js';
import type { CategoryView, ItemView } from '../../../contract/menu.js';
import { type MerchantRow, findMerchantBySlug } from '../merchants/index.js';
import { lookUpPromoCode, requirePromoCode } from '../promo/index.js';
import {
  type CartRow,
  type CartLineRow,
  deleteAllLines,
  deleteLine,
  findCartWithLines,
  findLine,
  findOrderedLines,
  hasTable,
  insertLinesCountingEarlier,
  lockCartForChange,
  saveCheckoutInfo,
  setLineQuantity,
  updateLineChoice,
} from './cart.repository.js';
import { mergeAdd } from './line-merge.js';
import { readCartMenu } from './cart-menu.repository.js';
import { type PricedCart, choiceMenuOf, lineOptionsByGroup, priceCart } from './cart-pricing.js';

export interface CartState {
  merchant: MerchantRow;
  cart: CartRow | null;
  /** The cart's lines as read (ids, choices), oldest first. */
  lines: CartLineRow[];
  priced: PricedCart;
  /** The saved promo code no longer holds (expired or removed). */
  promoCodeDropped: boolean;
  /** Delivery miles computed at the last checkout save; null when not delivering. */
  deliveryMiles: number | null;
}

/** The merchant row; callers that already hold it pass it on, so a request looks it up once. */
async function requireMerchant(
  ctx: AppContext,
  merchant: string | MerchantRow,
): Promise<MerchantRow> {
  if (typeof merchant !== 'string') return merchant;
  const m = await findMerchantBySlug(ctx.db, merchant);
  if (!m) throw notFound('Merchant');
  return m;
}

/** The checkout a cart starts with: pickup (or dine-in at a table), ASAP, default tip and payment. */
export function defaultCheckout(merchant: MerchantRow): CheckoutInfo {
  return checkoutInfoSchema.parse({
    orderMethod: 'pickup',
    paymentMethod: defaultPaymentMethod(merchant) ?? 'cash',
    tip: defaultTipChoice('pickup', merchant.tipPresets),
  });
}

function storedCheckout(merchant: MerchantRow, cart: CartRow | null): CheckoutInfo {
  if (!cart || Object.keys(cart.checkoutInfo).length === 0) return defaultCheckout(merchant);
  const parsed = checkoutInfoSchema.safeParse(cart.checkoutInfo);
  if (!parsed.success) return defaultCheckout(merchant);
  // A saved percent the merchant has since removed reads as the store's default for the method
  // (issue 28), so the checkout shows, prices and sends back a tip the store offers.
  const tip = tipWithPresets(parsed.data.tip, parsed.data.orderMethod, merchant.tipPresets);
  return { ...parsed.data, tip };
}

/** Ours: the spec has no message for an address that cannot be found (send order refuses it). */
export const ADDRESS_NOT_FOUND =
  'We could not find this delivery address. Please check it and include the ZIP code.';

/** How far a browser-sent point may lie from the server's location of the address. */
const LOCATION_TOLERANCE_MILES = 3;

/**
 * The menu rows a cart needs, read from the database (the authority) rather than the diners'
 * menu cache: only the items on its lines and the free item it names, plus the categories, in
 * one statement.
 */
async function menuMaps(
  tx: Tx,
  merchantUuid: string,
  only: { ids: readonly string[]; names: readonly string[] },
) {
  return menuMapsOf(await readCartMenu(tx, merchantUuid, only));
}

function menuMapsOf({ items, categories }: { items: ItemView[]; categories: CategoryView[] }) {
  return {
    items: new Map(items.map((i) => [i._id, i])),
    categories: new Map(categories.map((c) => [c._id, c])),
  };
}

/**
 * Loads and prices a diner's cart. `tx` lets send order read inside its own transaction.
 */
export async function loadCart(
  ctx: AppContext,
  merchantOrSlug: string | MerchantRow,
  uid: string,
  tx: Tx = ctx.db,
  /** Price with these choices instead of the saved ones (send order prices what it was sent). */
  override?: { checkout: CheckoutInfo; deliveryMiles: number | null },
): Promise<CartState> {
  const merchant = await requireMerchant(ctx, merchantOrSlug);
  // The cart brings the menu rows it needs along (its lines' items, the add-on the checkout names).
  const addon = override ? (override.checkout.freeAddonItemName ?? '') : null;
  const found = await findCartWithLines(tx, merchant.id, uid, addon);
  const cart = found?.cart ?? null;
  const lines = found?.lines ?? [];
  const checkout = override?.checkout ?? storedCheckout(merchant, cart);
  const now = ctx.clock.now();
  const promo = checkout.promoCode
    ? await lookUpPromoCode(tx, merchant, checkout.promoCode, now)
    : null;
  const addonName = checkout.freeAddonItemName;
  // Read apart only when the cart did not bring them: no cart yet, or an add-on it did not find.
  const { items, categories } =
    found && (!addonName || found.menu.items.some((i) => i.name === addonName))
      ? menuMapsOf(found.menu)
      : await menuMaps(tx, merchant.id, {
          ids: [...new Set(lines.map((l) => l.itemId))],
          names: addonName ? [addonName] : [],
        });
  const deliveryMiles =
    checkout.orderMethod !== 'delivery'
      ? null
      : override
        ? override.deliveryMiles
        : savedDeliveryMiles(cart);
  const priced = priceCart({
    merchant,
    items,
    categories,
    lines,
    checkout,
    promo,
    deliveryDistanceMiles: deliveryMiles,
    now,
  });
  return {
    merchant,
    cart,
    lines,
    priced,
    promoCodeDropped: !!checkout.promoCode && !promo,
    deliveryMiles,
  };
}

/**
 * Prices lines that are not in any cart (a phone order typed by staff, docs/decisions/
 * phone-orders.md): each choice is checked as an add checks it (`at` names the request's list),
 * then the lines are priced by the same `priceCart` as a diner's cart, with these checkout choices.
 * The lines get fresh ids; nothing is written.
 */
export async function priceChoices(
  ctx: AppContext,
  merchant: MerchantRow,
  choices: readonly ItemChoiceRequest[],
  checkout: CheckoutInfo,
  at: (string | number)[],
): Promise<Pick<CartState, 'lines' | 'priced'>> {
  const { items, categories } = await menuMaps(ctx.db, merchant.id, {
    ids: [...new Set(choices.map((c) => c.itemId))],
    names: checkout.freeAddonItemName ? [checkout.freeAddonItemName] : [],
  });
  const now = ctx.clock.now();
  const lines: CartLineRow[] = choices.map((choice, index) => ({
    ...checkedChoice(items.get(choice.itemId), choice, [...at, index]),
    id: randomUUID(),
    cartId: randomUUID(),
    isFreePromo: false,
    createdAt: new Date(now.getTime() + index),
  }));
  const promo = checkout.promoCode
    ? await lookUpPromoCode(ctx.db, merchant, checkout.promoCode, now)
    : null;
  const priced = priceCart({
    merchant,
    items,
    categories,
    lines,
    checkout,
    promo,
    deliveryDistanceMiles: null,
    now,
  });
  return { lines, priced };
}

/** Where deliveries start: the branch when the diner chose it, else the main store. */
function storeLocation(merchant: MerchantRow, isBranch: boolean) {
  if (isBranch && merchant.branchLat !== null && merchant.branchLng !== null) {
    return { lat: merchant.branchLat, lng: merchant.branchLng };
  }
  return merchant.lat !== null && merchant.lng !== null
    ? { lat: merchant.lat, lng: merchant.lng }
    : null;
}

/**
 * Delivery miles for the chosen address: driving distance when the maps service answers, else
 * straight-line (the geo adapter decides). Computed when the checkout is saved, not on every read.
 */
export async function computeDeliveryMiles(
  ctx: AppContext,
  merchant: MerchantRow,
  info: CheckoutInfo,
): Promise<number | null> {
  if (info.orderMethod !== 'delivery' || !info.deliveryAddress) return null;
  const from = storeLocation(merchant, info.isBranch);
  if (!from) return null;
  // The address is located on the server: a point sent by the browser is used only when it lies
  // near where the address is (a picked suggestion is more precise than a ZIP centroid), so a
  // made-up point cannot make a far address cheap or in range.
  const located = (await ctx.adapters.geo.geocode(info.deliveryAddress))?.location ?? null;
  if (!located) return null;
  const sent = info.deliveryLocation ?? null;
  const to = sent && haversineMiles(sent, located) <= LOCATION_TOLERANCE_MILES ? sent : located;
  return (await ctx.adapters.geo.distance(from, to)).miles;
}

/** The miles computed at the last checkout save (kept beside the diner's choices). */
function savedDeliveryMiles(cart: CartRow | null): number | null {
  const miles = cart?.checkoutInfo.serverDeliveryMiles;
  return typeof miles === 'number' && Number.isFinite(miles) ? miles : null;
}

/**
 * One choice checked against the stored item (sizes, option bounds, quantity, note), as the row a
 * cart line keeps; a refusal names the field under `at` (the add's line, or the edit's body).
 */
function checkedChoice(
  item: ItemView | undefined,
  choice: ItemChoiceRequest,
  at: (string | number)[],
) {
  if (!item) {
    throw new AppError('not_found', 'Item not found', [
      { path: [...at, 'itemId'], message: 'Item not found' },
    ]);
  }
  const result = checkItemChoice(choiceMenuOf(item), choice);
  if (!result.ok) {
    const field =
      result.field === 'size' ? 'sizeId' : result.field === 'item' ? 'itemId' : result.field;
    throw new AppError('invalid_input', result.message, [
      { path: [...at, field], message: result.message },
    ]);
  }
  return {
    itemId: item._id,
    sizeId: result.size?.id ?? null,
    optionValueIds: result.values.map((v) => v.id),
    quantity: result.quantity,
    note: result.note,
  };
}

/** Adds lines after checking each choice against the stored menu (sizes, option bounds). */
export async function addLines(
  ctx: AppContext,
  merchantId: string,
  uid: string,
  choices: ItemChoiceRequest[],
) {
  const merchant = await requireMerchant(ctx, merchantId);
  const { items } = await menuMaps(ctx.db, merchant.id, {
    ids: choices.map((c) => c.itemId),
    names: [],
  });
  const rows = choices.map((choice, index) =>
    checkedChoice(items.get(choice.itemId), choice, ['body', 'orderItems', index]),
  );
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // The cart row stays locked until commit, so two adds cannot both pass the cap.
    const cart = await lockCartForChange(tx, merchant.id, uid, now);
    // What the cart already holds takes the add as quantity (./line-merge.ts); read after the
    // lock, so two adds of the same item one after the other make one line.
    const { raise, insert } = mergeAdd(await findOrderedLines(tx, cart.id), rows);
    for (const [lineId, quantity] of raise) await setLineQuantity(tx, cart.id, lineId, quantity);
    if (insert.length === 0) return;
    const earlier = await insertLinesCountingEarlier(
      tx,
      cart.id,
      insert.map((r, i) => ({ ...r, cartId: cart.id, createdAt: new Date(now.getTime() + i) })),
    );
    if (earlier + insert.length > MAX_CART_LINES) {
      throw new AppError('invalid_input', `A cart holds at most ${MAX_CART_LINES} lines`, [
        { path: ['body', 'orderItems'], message: `A cart holds at most ${MAX_CART_LINES} lines` },
      ]);
    }
  });
  return loadCart(ctx, merchant, uid);
}

/**
 * Changes one line of the diner's own cart (ours, beside the spec's routes): the fields sent
 * replace the line's, and the line as changed is checked as an add checks it, against the line's
 * own item; the cart is then read and repriced as always, so promotions and the free add-on follow.
 * A line id of another cart (another diner's) is not found in this one: 404, as for remove.
 */
export async function updateLine(
  ctx: AppContext,
  merchantId: string,
  uid: string,
  lineId: string,
  change: CartLineChange,
) {
  const merchant = await requireMerchant(ctx, merchantId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Locked as an add locks it, so two changes of one cart take turns.
    const cart = await lockCartForChange(tx, merchant.id, uid, now);
    const line = await findLine(tx, cart.id, lineId);
    if (!line) throw notFound('Cart line');
    const { items } = await menuMaps(tx, merchant.id, { ids: [line.itemId], names: [] });
    const item = items.get(line.itemId);
    const row = checkedChoice(
      item,
      {
        itemId: line.itemId,
        sizeId: change.sizeId === undefined ? line.sizeId : change.sizeId,
        options: change.options ?? (item ? lineOptionsByGroup(line, item) : {}),
        quantity: change.quantity ?? line.quantity,
        note: change.note ?? line.note,
      },
      ['body'],
    );
    await updateLineChoice(tx, cart.id, lineId, {
      sizeId: row.sizeId,
      optionValueIds: row.optionValueIds,
      quantity: row.quantity,
      note: row.note,
    });
  });
  return loadCart(ctx, merchant, uid);
}

export type RemoveWhat =
  { kind: 'line'; lineId: string } | { kind: 'unavailable' } | { kind: 'all' };

/** Remove per line, "Remove unavailable items", or empty the cart. */
export async function removeLines(
  ctx: AppContext,
  merchantId: string,
  uid: string,
  what: RemoveWhat,
) {
  const state = await loadCart(ctx, merchantId, uid);
  if (!state.cart) return state;
  const cartId = state.cart.id;
  await ctx.db.transaction(async (tx) => {
    if (what.kind === 'all') await deleteAllLines(tx, cartId);
    else if (what.kind === 'line') {
      if ((await deleteLine(tx, cartId, what.lineId)) === 0) throw notFound('Cart line');
    } else {
      for (const line of state.priced.lines) {
        if (!line.available && !line.isFreePromo) await deleteLine(tx, cartId, line.id);
      }
    }
  });
  return loadCart(ctx, state.merchant, uid);
}

/**
 * The checkout choices must be ones the store offers. Checked when the checkout is saved and
 * again by send order, which prices exactly what it is sent. Dine-in needs one of the store's
 * own tables: a made-up table name would otherwise drop the processing fee (not on dine-in).
 */
export async function checkOfferedChoices(
  ctx: AppContext,
  merchant: MerchantRow,
  info: CheckoutInfo,
  prefix: (string | number)[],
): Promise<void> {
  const issues: FieldIssue[] = [];
  const table = info.dineinTableName;
  const tableKnown = await hasTable(ctx.db, merchant.id, table);
  if (table && !tableKnown) {
    issues.push({
      path: [...prefix, 'dineinTableName'],
      message: 'This store has no table of this name',
    });
  }
  const methods = offeredOrderMethods(merchant, tableKnown ? table : null);
  if (!methods.includes(info.orderMethod) || (info.orderMethod === 'dinein' && !tableKnown)) {
    issues.push({
      path: [...prefix, 'orderMethod'],
      message:
        info.orderMethod === 'dinein' && !tableKnown
          ? "Dine-in orders need the table name from the table's QR code"
          : `This store does not offer ${info.orderMethod}`,
    });
  }
  if (!offeredPaymentMethods(merchant).includes(info.paymentMethod)) {
    issues.push({
      path: [...prefix, 'paymentMethod'],
      message: `This store does not accept ${info.paymentMethod}`,
    });
  }
  if (info.time.kind === 'scheduled' && !merchant.enableFoodTimeSchedule) {
    issues.push({
      path: [...prefix, 'time'],
      message: 'This store does not take scheduled orders',
    });
  }
  if (info.tip.kind === 'percent' && !isTipPreset(info.tip.ratePpm, merchant.tipPresets)) {
    issues.push({
      path: [...prefix, 'tip', 'ratePpm'],
      message: "Choose one of the store's tips or Other",
    });
  }
  if (info.isBranch && !merchant.enableBranch) {
    issues.push({ path: [...prefix, 'isBranch'], message: 'This store has no branch' });
  }
  if (issues.length) throw new AppError('invalid_input', issues[0]!.message, issues);
}

/** Saves the diner's checkout choices after checking them against what the store offers. */
export async function updateCheckout(
  ctx: AppContext,
  merchantId: string,
  uid: string,
  info: CheckoutInfo,
): Promise<CartState> {
  const merchant = await requireMerchant(ctx, merchantId);
  await checkOfferedChoices(ctx, merchant, info, ['body']);
  const now = ctx.clock.now();
  if (info.promoCode) await requirePromoCode(ctx.db, merchant, info.promoCode, now);
  const serverDeliveryMiles = await computeDeliveryMiles(ctx, merchant, info);
  await saveCheckoutInfo(ctx.db, merchant.id, uid, { ...info, serverDeliveryMiles }, now);
  return loadCart(ctx, merchant, uid);
}

export const CART_MESSAGES = { unreadable: MESSAGES.CART_UNREADABLE };
