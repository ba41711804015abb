// A write changes exactly the fields it names (issue 28). Generated from the contract: for every
// update route of a merchant-owned record, each optional key of its body schema is sent alone
// and the whole database row is compared before and after — every column but the update time
// must keep its value except the columns that key is kept in, which must change (so the walk
// reaches what it names). A key added to a body schema without a sample here fails the test.
// Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server.
// Checklist: V5.78 (item edit), S2.118–S2.120 (sold out, hours), C7.3, C7.10, C7.26.
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type {
  CategoryView,
  ItemView,
  MerchantBusinessInfo,
  PublicItemView,
} from '../../src/contract/index.js';
import { getCategory, getItem } from '../../src/contract/menu.js';
import {
  editCategory,
  editItemOption,
  editItemOptionValue,
  editItemSize,
  orderCategories,
} from '../../src/contract/menu-structure.js';
import {
  addItem,
  addItemOption,
  addItemOptionValue,
  addItemSize,
  completeItem,
  updateCategory,
  updateItem,
} from '../../src/contract/menu-writes.js';
import { updateBusinessInfo } from '../../src/contract/store-settings.js';
import type { RouteContract } from '../../src/contract/route.js';
import type { App } from '../../src/server/app.js';
import {
  categories,
  dineinTables,
  itemPrinters,
  items,
  itemSizes,
  merchants,
  optionGroups,
  optionValues,
  printers,
} from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { multipart } from '../support/multipart.js';
import { type Row, type Sample, changedColumns, optionalKeys } from '../support/partial-writes.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let cats: string[];
let printerIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  cats = (
    await t.ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.merchantId, m.id))
      .orderBy(asc(categories.sortOrder))
  ).map((c) => c.id);
  printerIds = (
    await t.ctx.db
      .select({ id: printers.id })
      .from(printers)
      .where(eq(printers.merchantId, m.id))
      .orderBy(asc(printers.name))
  ).map((p) => p.id);
});
afterAll(() => t.app.close());

const urlOf = (route: RouteContract, id?: string, more: Record<string, string> = {}) =>
  Object.entries(more).reduce(
    (path, [name, value]) => path.replace(`:${name}`, value),
    route.path.replace(':merchantId', m.merchantId).replace(':id', id ?? ''),
  );
const call = (method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'PUT',
    url,
    headers: { cookie: m.cookie },
    ...(payload ? { payload } : {}),
  });

// ——— items: PUT .../item/{id} and PUT .../item_complete/{id} ———

async function itemRow(id: string): Promise<Row> {
  const [row] = await t.ctx.db.select().from(items).where(eq(items.id, id));
  const linked = await t.ctx.db
    .select({ id: itemPrinters.printerId })
    .from(itemPrinters)
    .where(eq(itemPrinters.itemId, id));
  return { ...row!, printers: linked.map((p) => p.id).sort() };
}

/** An item with every field set to something other than its column's default. */
async function fullItem(): Promise<ItemView> {
  const res = await call('POST', urlOf(addItem), {
    _idCategory: cats[0],
    name: 'Walk Soup',
    name_2nd: 'Soupe',
    discription: 'Hot broth\nwith herbs',
    price: '6.50',
    raw_sign: true,
    spicy_sign: true,
    vegan_sign: true,
    size_alias: 'Bowl',
    availableHour: { monday: [{ open: 420, close: 660 }] },
    _idPrinters: [printerIds[0]],
    item_order_id: 3,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ItemView>();
}

/** A key of the read the write does not take: sent as read, accepted, changing nothing. */
const asReadOf =
  <R>() =>
  (key: keyof R & string): Sample<R> => ({ value: (read) => read[key], columns: [] });
const itemAsRead = asReadOf<PublicItemView>();

const itemSamples: Record<string, Sample<PublicItemView>> = {
  _id: itemAsRead('_id'),
  priceCents: itemAsRead('priceCents'),
  imgUrl: itemAsRead('imgUrl'),
  _idPrinter: itemAsRead('_idPrinter'),
  size: itemAsRead('size'),
  options: itemAsRead('options'),
  available: itemAsRead('available'),
  unavailableNote: itemAsRead('unavailableNote'),
  _idCategory: { value: () => cats[1], columns: ['categoryId'] },
  name: { value: () => 'Walk Stew', columns: ['name'] },
  price: { value: () => '7.25', columns: ['priceCents'] },
  name_2nd: { value: () => 'Ragoût', columns: ['name2'] },
  discription: { value: () => 'Cold broth', columns: ['description'] },
  raw_sign: { value: () => false, columns: ['rawSign'] },
  spicy_sign: { value: () => false, columns: ['spicySign'] },
  vegan_sign: { value: () => false, columns: ['veganSign'] },
  soldout: { value: () => true, columns: ['soldout'] },
  size_alias: { value: () => 'Cup', columns: ['sizeAlias'] },
  availableHour: {
    value: () => ({ tuesday: [{ open: 600, close: 900 }] }),
    columns: ['availableHour'],
  },
  _idPrinters: { value: () => [printerIds[1]], columns: ['printers'] },
  item_order_id: { value: () => 9, columns: ['sortOrder'] },
};

async function uploadPng(): Promise<string> {
  const data = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 90, b: 20 } },
  })
    .png()
    .toBuffer();
  const body = multipart([{ name: 'file', filename: 'dish.png', contentType: 'image/png', data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...body.headers, cookie: m.cookie },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ fileName: string }>().fileName;
}

describe.each([
  { route: updateItem, extra: async () => ({}), alsoChanges: [] as string[] },
  // item_complete always takes its picture (fileName is required): the image changes too.
  {
    route: completeItem,
    extra: async () => ({ fileName: await uploadPng() }),
    alsoChanges: ['imageId'],
  },
])('PUT $route.path changes only the key it is sent', ({ route, extra, alsoChanges }) => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(route).sort()).toEqual(Object.keys(itemSamples).sort());
  });

  it.each(Object.keys(itemSamples))('%s alone', async (key) => {
    const item = await fullItem();
    const read = (await call('GET', urlOf(getItem, item._id))).json<PublicItemView>();
    const before = await itemRow(item._id);
    const sample = itemSamples[key]!;
    const res = await call('PUT', urlOf(route, item._id), {
      [key]: sample.value(read),
      ...(await extra()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await itemRow(item._id);
    expect(changedColumns(before, after)).toEqual([...sample.columns, ...alsoChanges].sort());
  });
});

// ——— categories: PUT .../categories7/.../_id/{id} ———

async function categoryRow(id: string): Promise<Row> {
  const [row] = await t.ctx.db.select().from(categories).where(eq(categories.id, id));
  return row!;
}

const categoryAsRead = asReadOf<CategoryView>();
const categorySamples: Record<string, Sample<CategoryView>> = {
  _id: categoryAsRead('_id'),
  name: categoryAsRead('name'),
  name_2nd: categoryAsRead('name_2nd'),
  description: categoryAsRead('description'),
  sortOrder: categoryAsRead('sortOrder'),
  unavailableForBranch: categoryAsRead('unavailableForBranch'),
  availableHour: {
    value: () => ({ friday: [{ open: 700, close: 1000 }] }),
    columns: ['availableHour'],
  },
  promoMethod: {
    value: () => ({ name: 'Two for one', type: 'BUY_X_GET_Y_FREE', x: '2', y: '1' }),
    columns: ['promoMethod'],
  },
};

describe(`${updateCategory.method} ${updateCategory.path} changes only the key it is sent`, () => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(updateCategory).sort()).toEqual(Object.keys(categorySamples).sort());
  });

  it.each(Object.keys(categorySamples))('%s alone', async (key) => {
    const id = cats[2]!;
    // Both set first, to something else, so leaving one out could blank it.
    const set = await call('PUT', urlOf(updateCategory, id), {
      availableHour: { sunday: [{ open: 480, close: 720 }] },
      promoMethod: { name: 'Spend', type: 'MEET_X_MINUS_Y', x: '30', y: '5' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const read = (await call('GET', urlOf(getCategory, id))).json<CategoryView>();
    const before = await categoryRow(id);
    // A category update names its hours or its promotion; a read-only key rides with the hours.
    const res = await call('PUT', urlOf(updateCategory, id), {
      ...(categorySamples[key]!.columns.length === 0 ? { availableHour: read.availableHour } : {}),
      [key]: categorySamples[key]!.value(read),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(changedColumns(before, await categoryRow(id))).toEqual(categorySamples[key]!.columns);
  });
});

// ——— the Menu pane's own edits (src/contract/menu-structure.ts) ———
// A size, an option, an option value and a category's names, each changed in place: the row edited
// is compared whole, and the item (or the other categories) must not move at all.

/** An item with a size, an option and a value, each with every field off its column default. */
async function itemWithChoices(): Promise<{
  item: ItemView;
  size: string;
  option: string;
  value: string;
}> {
  const item = await fullItem();
  let res = await call('POST', urlOf(addItemSize, item._id), {
    name: 'Large',
    name_2nd: 'Grande',
    price: '5.50',
  });
  expect(res.statusCode, res.body).toBe(200);
  res = await call('POST', urlOf(addItemOption, item._id), {
    name: 'Sauce',
    name_2nd: 'Salsa',
    numberToSelect: '2',
    minNumberToSelect: '1',
    maxNumberToSelect: '3',
    required: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const option = res.json<ItemView>().options[0]!._id;
  res = await call('POST', urlOf(addItemOptionValue, item._id, { optionId: option }), {
    name: 'Chili',
    name_2nd: 'Picante',
    price: '0.50',
  });
  expect(res.statusCode, res.body).toBe(200);
  const read = res.json<ItemView>();
  return {
    item: read,
    size: read.size[0]!._id,
    option,
    value: read.options[0]!.optionValues[0]!._id,
  };
}

async function rowOf(
  table: typeof itemSizes | typeof optionGroups | typeof optionValues,
  id: string,
) {
  const [row] = await t.ctx.db.select().from(table).where(eq(table.id, id));
  return row! as Row;
}

type Choices = Awaited<ReturnType<typeof itemWithChoices>>;
const choiceWalks: {
  route: RouteContract;
  params: (c: Choices) => Record<string, string>;
  row: (c: Choices) => Promise<Row>;
  samples: Record<string, Sample<unknown>>;
}[] = [
  {
    route: editItemSize,
    params: (c) => ({ sizeId: c.size }),
    row: (c) => rowOf(itemSizes, c.size),
    samples: {
      name: { value: () => 'Huge', columns: ['name'] },
      name_2nd: { value: () => 'Enorme', columns: ['name2'] },
      price: { value: () => '6.75', columns: ['priceCents'] },
    },
  },
  {
    route: editItemOption,
    params: (c) => ({ optionId: c.option }),
    row: (c) => rowOf(optionGroups, c.option),
    samples: {
      name: { value: () => 'Sauces', columns: ['name'] },
      name_2nd: { value: () => 'Salsas', columns: ['name2'] },
      numberToSelect: { value: () => '1', columns: ['numberToSelect'] },
      minNumberToSelect: { value: () => '2', columns: ['minNumberToSelect'] },
      maxNumberToSelect: { value: () => '4', columns: ['maxNumberToSelect'] },
      required: { value: () => false, columns: ['required'] },
    },
  },
  {
    route: editItemOptionValue,
    params: (c) => ({ optionId: c.option, valueId: c.value }),
    row: (c) => rowOf(optionValues, c.value),
    samples: {
      name: { value: () => 'Chili oil', columns: ['name'] },
      name_2nd: { value: () => 'Aceite', columns: ['name2'] },
      price: { value: () => '0.75', columns: ['priceCents'] },
    },
  },
];

describe.each(choiceWalks)('PUT $route.path changes only the key it is sent', (walk) => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(walk.route).sort()).toEqual(Object.keys(walk.samples).sort());
  });

  it.each(Object.keys(walk.samples))('%s alone', async (key) => {
    const c = await itemWithChoices();
    const before = await walk.row(c);
    const itemBefore = (await call('GET', urlOf(getItem, c.item._id))).json<PublicItemView>();
    const res = await call('PUT', urlOf(walk.route, c.item._id, walk.params(c)), {
      [key]: walk.samples[key]!.value(undefined),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(changedColumns(before, await walk.row(c))).toEqual(walk.samples[key]!.columns);
    // The item around it: only the record edited moved.
    const itemAfter = (await call('GET', urlOf(getItem, c.item._id))).json<PublicItemView>();
    const stripped = (v: PublicItemView) => ({
      ...v,
      size: v.size.filter((s) => s._id !== c.size),
      options: v.options.map((o) => ({
        ...(o._id === c.option ? { _id: o._id } : o),
        optionValues: o.optionValues.filter((x) => x._id !== c.value),
      })),
    });
    expect(stripped(itemAfter)).toEqual(stripped(itemBefore));
  });
});

describe(`${editCategory.method} ${editCategory.path} changes only the key it is sent`, () => {
  const samples: Record<string, Sample<unknown>> = {
    name: { value: () => 'Walk Soups', columns: ['name'] },
    name_2nd: { value: () => 'Sopas', columns: ['name2'] },
    description: { value: () => 'Hot\nand cold', columns: ['description'] },
  };

  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(editCategory).sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.keys(samples))('%s alone', async (key) => {
    const id = cats[1]!;
    // Every field set first, off its default, with hours and a promotion that must survive.
    const set = await call('PUT', urlOf(updateCategory, id), {
      availableHour: { sunday: [{ open: 480, close: 720 }] },
      promoMethod: { name: 'Spend', type: 'MEET_X_MINUS_Y', x: '30', y: '5' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const named = await call('PUT', urlOf(editCategory, id), {
      name: 'Walk Starters',
      name_2nd: 'Entrantes',
      description: 'Small plates',
    });
    expect(named.statusCode, named.body).toBe(200);
    const before = await categoryRow(id);
    const res = await call('PUT', urlOf(editCategory, id), {
      [key]: samples[key]!.value(undefined),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(changedColumns(before, await categoryRow(id))).toEqual(samples[key]!.columns);
  });
});

describe(`${orderCategories.method} ${orderCategories.path} (the whole list; no optional key)`, () => {
  it("moves only each category's place", async () => {
    const all = async () =>
      await t.ctx.db.select().from(categories).where(eq(categories.merchantId, m.id));
    const before = await all();
    const reversed = [...before].sort((a, b) => b.sortOrder - a.sortOrder).map((c) => c.id);
    const res = await call('PUT', urlOf(orderCategories), { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    const after = await all();
    for (const row of before) {
      const now = after.find((a) => a.id === row.id)!;
      expect(changedColumns(row, now), row.name).toEqual(
        now.sortOrder === row.sortOrder ? [] : ['sortOrder'],
      );
    }
    expect(after.some((a) => a.sortOrder !== before.find((b) => b.id === a.id)!.sortOrder)).toBe(
      true,
    );
  });
});

// ——— store settings: PUT .../businessInfo ———

async function merchantRow(): Promise<Row> {
  const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, m.id));
  const tables = await t.ctx.db
    .select({ name: dineinTables.name })
    .from(dineinTables)
    .where(eq(dineinTables.merchantId, m.id));
  return { ...row!, dineinTables: tables.map((r) => r.name).sort() };
}

type Info = MerchantBusinessInfo;
const flip =
  (key: keyof Info): Sample<Info>['value'] =>
  (read) =>
    !read[key];
const asRead = asReadOf<Info>();

const storeSamples: Record<string, Sample<Info> | 'refused'> = {
  merchantId: asRead('merchantId'),
  name: asRead('name'),
  address: asRead('address'),
  webSite: asRead('webSite'),
  location: asRead('location'),
  description: asRead('description'),
  logoUrl: asRead('logoUrl'),
  processingFeeRate: asRead('processingFeeRate'),
  serviceFeeCents: asRead('serviceFeeCents'),
  roomServiceDeliveryFeeCents: asRead('roomServiceDeliveryFeeCents'),
  enableBranch: asRead('enableBranch'),
  branchName: asRead('branchName'),
  branchAddress: asRead('branchAddress'),
  branchLocation: asRead('branchLocation'),
  paymentProviders: asRead('paymentProviders'),
  /** Never saved here: refused, pointing at its own form (store-settings.md). */
  password: 'refused',
  /** The version the save was read at: sent alone, it changes nothing but the counter. */
  settingsVersion: asRead('settingsVersion'),
  tipPresets: {
    value: () => ({
      percents: [0, 12, 18],
      defaults: {
        pickup: 18,
        delivery: 12,
        curbside: 18,
        dinein: 0,
        roomServiceDelivery: 12,
      },
    }),
    columns: ['tipPresets'],
  },
  phone: { value: () => '(312) 555-0987', columns: ['phone'] },
  email: { value: () => 'walk@example.com', columns: ['email'] },
  timeZone: { value: () => 'America/Denver', columns: ['timeZone'] },
  businessHour: {
    value: () => ({ monday: [{ open: 500, close: 1000 }] }),
    columns: ['businessHours'],
  },
  foodPreparingTime: {
    value: () => ({
      monday: {
        status: 'busy',
        estimate: 25,
        fromMin_pickup: 20,
        toMin_pickup: 30,
        fromMin_delivery: 40,
        toMin_delivery: 55,
      },
    }),
    columns: ['foodPreparingTime'],
  },
  enableFoodTimeSchedule: {
    value: flip('enableFoodTimeSchedule'),
    columns: ['enableFoodTimeSchedule'],
  },
  homePageNotice: { value: () => 'Walk notice', columns: ['homePageNotice'] },
  orderPreparingNotice: { value: () => 'Walk preparing', columns: ['orderPreparingNotice'] },
  dineinNotice: { value: () => 'Walk dine-in', columns: ['dineinNotice'] },
  emailReceivingNotification: {
    value: () => ['walk-kitchen@example.com'],
    columns: ['emailReceivingNotification'],
  },
  enableReceivingOrderPlacedSms: {
    value: flip('enableReceivingOrderPlacedSms'),
    columns: ['enableReceivingOrderPlacedSms'],
  },
  enableOrderTimeConfirmSms: {
    value: flip('enableOrderTimeConfirmSms'),
    columns: ['enableOrderTimeConfirmSms'],
  },
  enableOrderPromotion: { value: flip('enableOrderPromotion'), columns: ['enableOrderPromotion'] },
  orderPromotions: {
    value: () => [{ amount: '77', freeItemNames: 'Walk Roll' }],
    columns: ['orderPromotions'],
  },
  orderPromotionsAvailableTime: {
    value: () => ({ wednesday: [{ open: 660, close: 780 }] }),
    columns: ['orderPromotionsAvailableTime'],
  },
  taxRate: { value: () => '0.0625', columns: ['taxRate'] },
  fixedTipRate: { value: () => '0.125', columns: ['fixedTipRate'] },
  delivery: { value: flip('delivery'), columns: ['delivery'] },
  curbside: { value: flip('curbside'), columns: ['curbside'] },
  roomService: { value: flip('roomService'), columns: ['roomService'] },
  dinein: { value: flip('dinein'), columns: ['dinein'] },
  deliveryFees: {
    value: () => [{ deliveryRangeInMile: 7, deliveryFeeCents: 777 }],
    columns: ['deliveryFees'],
  },
  minOrderForDeliveryCents: { value: () => 1234, columns: ['minOrderForDeliveryCents'] },
  deliveryAvailableTime: {
    value: () => ({ open: 610, close: 1210 }),
    columns: ['deliveryAvailableTime'],
  },
  dineinTables: { value: () => ['Walk 1', 'Walk 2'], columns: ['dineinTables'] },
  // Switching provider needs saved credentials (payment-credentials.md): the one read is sent.
  ecomm_provider: asRead('ecomm_provider'),
  supportCreditcardPayment: {
    value: flip('supportCreditcardPayment'),
    columns: ['supportCreditcardPayment'],
  },
  supportCashPayment: { value: flip('supportCashPayment'), columns: ['supportCashPayment'] },
  allowAmericanExpressCard: {
    value: flip('allowAmericanExpressCard'),
    columns: ['allowAmericanExpressCard'],
  },
  showRawItemNote: { value: flip('showRawItemNote'), columns: ['showRawItemNote'] },
  showSpicyItemNote: { value: flip('showSpicyItemNote'), columns: ['showSpicyItemNote'] },
  showVeganItemNote: { value: flip('showVeganItemNote'), columns: ['showVeganItemNote'] },
  showSecondLanguage: { value: flip('showSecondLanguage'), columns: ['showSecondLanguage'] },
  hideItemSpecialInstructionInput: {
    value: flip('hideItemSpecialInstructionInput'),
    columns: ['hideItemSpecialInstructionInput'],
  },
  customerInfoCollect: {
    value: () => ({
      enabled: true,
      noticeMsg: 'Walk list',
      recevingEmail: ['walk-list@example.com'],
      subject: 'Walk diner',
    }),
    columns: ['customerInfoCollect'],
  },
};

describe(`${updateBusinessInfo.method} ${updateBusinessInfo.path} changes only the key it is sent`, () => {
  const settingsUrl = () => `${urlOf(updateBusinessInfo)}/settings`;

  it('has a sample for every optional key of its body (and every key is optional)', () => {
    const shape = (updateBusinessInfo.schema.body as z.ZodObject).shape;
    expect(optionalKeys(updateBusinessInfo).sort()).toEqual(Object.keys(shape).sort());
    expect(optionalKeys(updateBusinessInfo).sort()).toEqual(Object.keys(storeSamples).sort());
  });

  it.each(Object.keys(storeSamples))('%s alone', async (key) => {
    // Both payment methods on, so either may be turned off (one must stay on).
    const both = { supportCreditcardPayment: true, supportCashPayment: true };
    expect((await call('PUT', urlOf(updateBusinessInfo), both)).statusCode).toBe(200);
    const read = (await call('GET', settingsUrl())).json<Info>();
    const before = await merchantRow();
    const sample = storeSamples[key]!;
    const res = await call('PUT', urlOf(updateBusinessInfo), {
      [key]: sample === 'refused' ? 'anything' : sample.value(read),
    });
    expect(res.statusCode, res.body).toBe(sample === 'refused' ? 400 : 200);
    const after = await merchantRow();
    expect(changedColumns(before, after)).toEqual(sample === 'refused' ? [] : sample.columns);
  });
});

describe('what clears a field (docs/decisions/menu-writes.md)', () => {
  it('"" clears an item text, null its hours, [] its printers; each alone', async () => {
    const clears: [string, unknown, string, unknown][] = [
      ['name_2nd', '', 'name2', ''],
      ['discription', '', 'description', ''],
      ['size_alias', '', 'sizeAlias', ''],
      ['availableHour', null, 'availableHour', null],
      ['_idPrinters', [], 'printers', []],
    ];
    for (const [key, value, column, stored] of clears) {
      const item = await fullItem();
      const before = await itemRow(item._id);
      const res = await call('PUT', urlOf(updateItem, item._id), { [key]: value });
      expect(res.statusCode, res.body).toBe(200);
      const after = await itemRow(item._id);
      expect(changedColumns(before, after), key).toEqual([column]);
      expect(after[column], key).toEqual(stored);
    }
  });

  it('refuses null for a text or a flag and "" for the name or price, changing nothing', async () => {
    const item = await fullItem();
    const before = await itemRow(item._id);
    for (const body of [
      { name_2nd: null },
      { discription: null },
      { soldout: null },
      { name: '' },
      { price: '' },
    ]) {
      const res = await call('PUT', urlOf(updateItem, item._id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues[0].path, JSON.stringify(body)).toEqual([
        'body',
        Object.keys(body)[0],
      ]);
    }
    expect(changedColumns(before, await itemRow(item._id))).toEqual([]);
  });
});
