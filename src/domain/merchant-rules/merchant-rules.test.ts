import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { noticeLines, noticeToStored, storedToNotice } from '../format/notice.js';
import {
  adjustedTipsSchema,
  adjustTips,
  categoryPromoFormSchema,
  hasMerchantId,
  itemAddSchema,
  itemEditSchema,
  merchantSignInSchema,
  noticeSchema,
  optionAddSchema,
  optionValueAddSchema,
  orderPromotionFormSchema,
  parseFreeItemNames,
  readyMinutesSchema,
  sizeAddSchema,
  tableNameSchema,
  taxRateSchema,
  weeklyHoursFormSchema,
  weeklyPrepTimeFormSchema,
} from './index.js';

function firstError(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('ready-time minutes (V5.67, V5.68, M8.14)', () => {
  it.each([
    ['0', 0],
    ['20', 20],
    [999, 999],
  ])('%j is %i minutes', (input, minutes) => {
    expect(readyMinutesSchema.parse(input)).toBe(minutes);
  });

  it.each([
    ['', 'Fail to send SMS [Empty minutes selected]'],
    [null, 'Fail to send SMS [Empty minutes selected]'],
    ['ab', 'Invalid'],
    ['1000', 'Invalid'],
    ['-5', 'Invalid'],
    [1.5, 'Invalid'],
  ])('%j is refused with %j', (input, message) => {
    expect(firstError(readyMinutesSchema, input)).toBe(message);
  });
});

describe('tip adjustment (V5.69–V5.71)', () => {
  it.each([
    ['', 'Adjusted Tips can not be empty'],
    ['  ', 'Adjusted Tips can not be empty'],
    [undefined, 'Adjusted Tips can not be empty'],
    ['x', 'Invalid'],
    ['-1', 'Invalid'],
  ])('%j is refused with %j', (input, message) => {
    expect(firstError(adjustedTipsSchema, input)).toBe(message);
  });

  it('reads dollars as cents', () => {
    expect(adjustedTipsSchema.parse('3.50')).toBe(350);
    expect(adjustedTipsSchema.parse(2)).toBe(200);
  });

  it('replaces the old tips in the total and refuses a negative amount', () => {
    expect(adjustTips(2500, 300, 500)).toEqual({
      ok: true,
      newTotalCents: 2700,
      tipsDeltaCents: 200,
    });
    expect(adjustTips(2500, 300, 0)).toEqual({
      ok: true,
      newTotalCents: 2200,
      tipsDeltaCents: -300,
    });
    expect(adjustTips(200, 300, 0)).toEqual({
      ok: false,
      message: 'Adjusted amount can not be negative',
    });
    expect(adjustTips(2500, 300, -1)).toMatchObject({ ok: false });
  });
});

describe('tax rate (V5.72–V5.74)', () => {
  const message = 'Store tax rate cannot be empty, and must be between 0 and 1!';
  it.each([
    ['0.07', 70_000],
    ['0', 0],
    ['1', 1_000_000],
    [0.0825, 82_500],
  ])('%j is %i ppm', (input, ppm) => {
    expect(taxRateSchema.parse(input)).toBe(ppm);
  });

  it.each(['', null, undefined, '7', 7, '-0.1', -0.1, 'abc', '1.0000001'])(
    '%j is refused with the spec’s message (the upper bound works)',
    (input) => {
      expect(firstError(taxRateSchema, input)).toBe(message);
    },
  );
});

describe('category promotion form (V5.77)', () => {
  const message = 'Name, Type, X, Y fields need to be filled';

  it.each([
    [
      { name: 'Roll deal', type: 'BUY_X_GET_Y_FREE', x: '2', y: '1' },
      { x: 2, y: 1 },
    ],
    [
      { name: 'Spend', type: 'MEET_X_MINUS_Y', x: '20', y: '5' },
      { x: 2000, y: 500 },
    ],
    [
      { name: 'Spend', type: 'MEET_X_PERCENT_OFF', x: '30', y: '10' },
      { x: 3000, y: 10 },
    ],
    [
      { name: 'Spend', type: 'MEET_X_MINUS_Y', x: 20.5, y: 5 },
      { x: 2050, y: 500 },
    ],
  ])('%j is stored as %j', (form, xy) => {
    expect(categoryPromoFormSchema.parse(form)).toMatchObject({
      name: form.name,
      type: form.type,
      ...xy,
    });
  });

  it.each([
    [{ name: 'Deal', type: 'BUY_X_GET_Y_FREE', x: '2', y: '' }],
    [{ name: '', type: 'BUY_X_GET_Y_FREE', x: '2', y: '1' }],
    [{ name: 'Deal', type: '', x: '2', y: '1' }],
    [{ name: 'Deal', type: 'BUY_X_GET_Y_FREE', y: '1' }],
  ])('%j is refused with the spec’s message', (form) => {
    expect(firstError(categoryPromoFormSchema, form)).toBe(message);
  });

  it.each([
    [{ name: 'Deal', type: 'SOMETHING', x: '2', y: '1' }],
    [{ name: 'Deal', type: 'BUY_X_GET_Y_FREE', x: '0', y: '1' }],
    [{ name: 'Deal', type: 'BUY_X_GET_Y_FREE', x: '1.5', y: '1' }],
    [{ name: 'Deal', type: 'MEET_X_MINUS_Y', x: 'ten', y: '1' }],
    [{ name: 'Deal', type: 'MEET_X_MINUS_Y', x: '100000', y: '1' }],
    [{ name: 'Deal', type: 'MEET_X_PERCENT_OFF', x: '10', y: '101' }],
  ])('%j is refused as invalid', (form) => {
    expect(firstError(categoryPromoFormSchema, form)).toBe('Invalid');
  });
});

describe('menu forms (V5.78–V5.86)', () => {
  it('needs a name and a price to edit an item (V5.78)', () => {
    expect(itemEditSchema.parse({ name: 'Roll', priceCents: '8.50' })).toMatchObject({
      name: 'Roll',
      priceCents: 850,
    });
    expect(firstError(itemEditSchema, { name: '', priceCents: '8' })).toBe('Required');
    expect(firstError(itemEditSchema, { name: 'Roll', priceCents: '' })).toBe('Required');
    expect(firstError(itemEditSchema, { name: 'Roll' })).toBe('Required');
  });

  it('needs a category too to add an item (V5.79)', () => {
    expect(firstError(itemAddSchema, { name: 'Roll', priceCents: '8' })).toBe('Required');
    expect(
      itemAddSchema.parse({ name: 'Roll', priceCents: '8', categoryId: 'c1' }).categoryId,
    ).toBe('c1');
  });

  it.each([['1a'], ['100000'], ['-1']])('refuses the price %j (V5.83, V5.84)', (price) => {
    expect(firstError(itemEditSchema, { name: 'Roll', priceCents: price })).toBe('Invalid');
    expect(firstError(sizeAddSchema, { name: 'Large', priceCents: price })).toBe('Invalid'); // V5.86
  });

  it('accepts 99999 as the highest price', () => {
    expect(sizeAddSchema.parse({ name: 'Large', priceCents: '99999' }).priceCents).toBe(9_999_900);
  });

  it('needs a name to add an option, with numberToSelect defaulting to 0 (V5.81, K9.68)', () => {
    expect(optionAddSchema.parse({ name: 'Sauce' })).toMatchObject({
      numberToSelect: 0,
      minNumberToSelect: null,
      maxNumberToSelect: null,
    });
    expect(firstError(optionAddSchema, { name: '' })).toBe('Required');
  });

  it.each([
    [{ minNumberToSelect: 'x' }],
    [{ maxNumberToSelect: '100000' }],
    [{ minNumberToSelect: '3', maxNumberToSelect: '1' }],
  ])('refuses option numbers %j (V5.85)', (change) => {
    expect(firstError(optionAddSchema, { name: 'Sauce', ...change })).toBe('Invalid');
  });

  it('needs a name to add an option value, with price defaulting to 0 (V5.82, K9.69)', () => {
    expect(optionValueAddSchema.parse({ name: 'Mayo' }).priceCents).toBe(0);
    expect(optionValueAddSchema.parse({ name: 'Mayo', priceCents: '' }).priceCents).toBe(0);
    expect(optionValueAddSchema.parse({ name: 'Mayo', priceCents: '0.50' }).priceCents).toBe(50);
    expect(firstError(optionValueAddSchema, { name: '' })).toBe('Required');
    expect(firstError(optionValueAddSchema, { name: 'Mayo', priceCents: 'x' })).toBe('Invalid');
  });
});

describe('store texts', () => {
  it('strips "#" from a table name and keeps it a path segment (V5.87)', () => {
    expect(tableNameSchema.parse('#12')).toBe('12');
    expect(firstError(tableNameSchema, '#')).toBe('Required');
    expect(firstError(tableNameSchema, 'a/b')).toBe('Invalid');
  });

  it('stores notice newlines as a break tag and shows them back as newlines (V5.88, V5.89)', () => {
    expect(noticeToStored('Welcome!\nClosed Monday\r\nThanks')).toBe(
      'Welcome!<br>Closed Monday<br>Thanks',
    );
    expect(storedToNotice('Welcome!<br>Closed Monday<BR/>Thanks<br />')).toBe(
      'Welcome!\nClosed Monday\nThanks\n',
    );
    expect(noticeSchema.parse('a\nb')).toBe('a<br>b');
  });

  it('splits a notice on line breaks and the <br> marker and drops empty lines', () => {
    expect(noticeLines('Welcome!<br>Closed Mondays\n\nCash only<BR/>')).toEqual([
      'Welcome!',
      'Closed Mondays',
      'Cash only',
    ]);
  });

  it('gives no lines for an empty notice', () => {
    expect(noticeLines(null)).toEqual([]);
    expect(noticeLines('  ')).toEqual([]);
  });

  it('keeps other markup as text in a notice (V5.90)', () => {
    expect(noticeLines('<img src=x onerror=alert(1)><br>ok')).toEqual([
      '<img src=x onerror=alert(1)>',
      'ok',
    ]);
  });

  it.each([
    ['Soda; Fries,Cookie', ['Soda', 'Fries', 'Cookie']], // V5.91
    ['Soda,, Fries ;', ['Soda', 'Fries']], // V5.92
    ['', []],
    [' ; , ', []],
  ])('splits the free-item list %j into %j', (text, names) => {
    expect(parseFreeItemNames(text)).toEqual(names);
  });

  it('reads an order promotion amount in dollars and refuses a non-number (V5.93)', () => {
    expect(orderPromotionFormSchema.parse({ amount: '30', freeItemNames: 'Soda; Fries' })).toEqual({
      amountCents: 3000,
      freeItemNames: ['Soda', 'Fries'],
    });
    expect(firstError(orderPromotionFormSchema, { amount: 'ten', freeItemNames: 'Soda' })).toBe(
      'Invalid',
    );
    expect(firstError(orderPromotionFormSchema, { amount: '30', freeItemNames: ' ; ' })).toBe(
      'Invalid',
    );
  });

  it('refuses overlapping periods in a day but accepts touching ones', () => {
    expect(
      weeklyHoursFormSchema.safeParse({
        monday: [
          { open: 660, close: 900 },
          { open: 900, close: 1320 },
        ],
      }).success,
    ).toBe(true);
    expect(
      weeklyHoursFormSchema.safeParse({
        monday: [
          { open: 660, close: 901 },
          { open: 900, close: 1320 },
        ],
      }).success,
    ).toBe(false);
    expect(weeklyHoursFormSchema.safeParse({ monday: [{ open: 1320, close: 1500 }] }).success).toBe(
      false,
    ); // no crossing midnight
  });

  it('refuses a preparing range that ends before it starts', () => {
    const day = {
      status: 'normal',
      estimate: 20,
      fromMin_pickup: 15,
      toMin_pickup: 25,
      fromMin_delivery: 40,
      toMin_delivery: 60,
    };
    expect(weeklyPrepTimeFormSchema.safeParse({ monday: day }).success).toBe(true);
    expect(
      weeklyPrepTimeFormSchema.safeParse({ monday: { ...day, toMin_pickup: 10 } }).success,
    ).toBe(false);
    expect(weeklyPrepTimeFormSchema.safeParse({ monday: { ...day, status: 'slow' } }).success).toBe(
      false,
    );
  });

  it('needs both merchant sign-in fields', () => {
    const ok = { merchantUserName: 'm1', merchantPassword: 'x' };
    expect(merchantSignInSchema.safeParse(ok).success).toBe(true);
    expect(firstError(merchantSignInSchema, { ...ok, merchantUserName: ' ' })).toBe('Required');
    expect(firstError(merchantSignInSchema, { ...ok, merchantPassword: '' })).toBe('Required');
  });

  it('needs the merchant id in the info to save settings (V5.98)', () => {
    expect(hasMerchantId({ merchantId: 'm1' })).toBe(true);
    expect(hasMerchantId({ merchantId: ' ' })).toBe(false);
    expect(hasMerchantId({})).toBe(false);
    expect(hasMerchantId(null)).toBe(false);
  });
});
