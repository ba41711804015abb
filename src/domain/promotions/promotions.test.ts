import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { normalizePromoCode } from '../format/fields.js';
import type { OrderPromotion, PromoMethod } from '../settings/schemas.js';
import {
  applyCategoryPromos,
  buyXGetYFree,
  freeAddonLine,
  freeAddonOffer,
  isFreeAddonChoiceValid,
  meetXMinusY,
  meetXPercentOff,
  promoCodeDiscountCents,
  promoDisplayText,
  reachedOrderPromotion,
  type FreeAddonContext,
  type PromoLine,
} from './index.js';

const units = (...cents: number[]) => cents.map((c) => ({ unitCents: c, quantity: 1 }));

describe('promotion badges (E3.25–E3.27)', () => {
  it.each([
    [{ type: 'BUY_X_GET_Y_FREE', x: 2, y: 1 }, 'BUY 2 GET 1 FREE'],
    [{ type: 'MEET_X_MINUS_Y', x: 2000, y: 500 }, 'BUY $20 GET $5 OFF'],
    [{ type: 'MEET_X_MINUS_Y', x: 2050, y: 525 }, 'BUY $20.50 GET $5.25 OFF'],
    [{ type: 'MEET_X_PERCENT_OFF', x: 3000, y: 10 }, 'BUY $30 GET 10% OFF'],
  ] as [PromoMethod, string][])('%j reads %s', (promo, text) => {
    expect(promoDisplayText(promo)).toBe(text);
  });
});

describe('buy X get Y free: highest price first, each X paid then Y free (K9.15, K9.16)', () => {
  it.each([
    // [unit prices, x, y, cents off per line]
    [[900, 700, 500], 1, 1, [0, 700, 0]], // K9.15: 9 paid, 7 free, 5 paid
    [[500, 700, 900], 1, 1, [0, 700, 0]], // cart order does not matter
    [[400, 300, 200, 100], 2, 1, [0, 0, 200, 0]], // K9.16: the 3rd most expensive free
    [[400, 300, 200, 100, 50, 25], 2, 1, [0, 0, 200, 0, 0, 25]],
    [[900], 1, 1, [0]], // a lone item stays paid
    [[900, 800], 2, 1, [0, 0]], // a short last group frees nothing
    [[900, 800, 700], 1, 2, [0, 800, 700]],
    [[900, 900, 900], 1, 1, [0, 900, 0]], // ties keep cart order
  ])('prices %j with X=%i Y=%i take %j off', (prices, x, y, off) => {
    expect(buyXGetYFree(units(...prices), x, y)).toEqual(off);
  });

  it('frees single units of a line with quantity above one', () => {
    expect(buyXGetYFree([{ unitCents: 500, quantity: 4 }], 1, 1)).toEqual([1000]);
    expect(
      buyXGetYFree(
        [
          { unitCents: 500, quantity: 3 },
          { unitCents: 800, quantity: 1 },
        ],
        2,
        1,
      ),
    ).toEqual([500, 0]);
  });

  it('does nothing with an X or Y below one', () => {
    expect(buyXGetYFree(units(900, 700), 0, 1)).toEqual([0, 0]);
    expect(buyXGetYFree(units(900, 700), 1, 0)).toEqual([0, 0]);
  });
});

describe('meet X minus Y and meet X percent off', () => {
  it.each([
    [[1000, 1000], 2000, 500, [250, 250]], // met exactly
    [[1000, 999], 2000, 500, [0, 0]], // a cent short
    [[300, 100], 0, 1000, [300, 100]], // never more than the lines
    [[1000, 2000], 1000, 100, [33, 67]],
  ])('lines %j with X=%i Y=%i take %j off', (gross, x, y, off) => {
    expect(meetXMinusY(gross, x, y)).toEqual(off);
  });

  it.each([
    [[1000, 1000], 2000, 10, [100, 100]],
    [[1005, 995], 2000, 10, [101, 100]], // 100.5 → 101, 99.5 → 100: rounded per line
    [[1000, 999], 2000, 10, [0, 0]],
    [[1000], 0, 100, [1000]],
    [[1000], 0, 150, [1000]], // a percent above 100 is capped
  ])('lines %j with X=%i Y=%i%% take %j off', (gross, x, y, off) => {
    expect(meetXPercentOff(gross, x, y)).toEqual(off);
  });
});

describe('category promotions cover only their own category', () => {
  const lines: PromoLine[] = [
    { categoryId: 'rolls', unitCents: 900, quantity: 1 },
    { categoryId: 'drinks', unitCents: 300, quantity: 2 },
    { categoryId: 'rolls', unitCents: 700, quantity: 1 },
    { categoryId: null, unitCents: 0, quantity: 1 },
  ];

  it('applies each category promotion to its lines and nothing else', () => {
    const result = applyCategoryPromos(lines, {
      rolls: { name: 'Roll deal', type: 'BUY_X_GET_Y_FREE', x: 1, y: 1 },
      drinks: { name: 'Drinks', type: 'MEET_X_PERCENT_OFF', x: 1000, y: 50 },
    });
    expect(result.discountsCents).toEqual([0, 0, 700, 0]);
    expect(result.byCategory).toEqual({ rolls: 700 });
  });

  it('leaves a cart without promotions alone', () => {
    expect(applyCategoryPromos(lines, {}).discountsCents).toEqual([0, 0, 0, 0]);
  });

  const promoArb: fc.Arbitrary<PromoMethod> = fc.oneof(
    fc.record({
      name: fc.constant('p'),
      type: fc.constant('BUY_X_GET_Y_FREE' as const),
      x: fc.integer({ min: 0, max: 4 }),
      y: fc.integer({ min: 0, max: 4 }),
    }),
    fc.record({
      name: fc.constant('p'),
      type: fc.constant('MEET_X_MINUS_Y' as const),
      x: fc.integer({ min: 0, max: 20_000 }),
      y: fc.integer({ min: 0, max: 20_000 }),
    }),
    fc.record({
      name: fc.constant('p'),
      type: fc.constant('MEET_X_PERCENT_OFF' as const),
      x: fc.integer({ min: 0, max: 20_000 }),
      y: fc.integer({ min: 0, max: 100 }),
    }),
  );
  const linesArb = fc.array(
    fc.record({
      categoryId: fc.constantFrom('a', 'b', 'c', null),
      unitCents: fc.integer({ min: 0, max: 10_000 }),
      quantity: fc.integer({ min: 0, max: 6 }),
    }),
    { maxLength: 12 },
  );

  it('property: a promotion never discounts more than the lines it covers, per line and per category', () => {
    fc.assert(
      fc.property(linesArb, fc.record({ a: promoArb, b: promoArb }), (ls, promos) => {
        const { discountsCents, byCategory } = applyCategoryPromos(ls, promos);
        const perLineOk = discountsCents.every((d, i) => {
          const l = ls[i] as PromoLine;
          return Number.isSafeInteger(d) && d >= 0 && d <= l.unitCents * l.quantity;
        });
        const perCategoryOk = Object.entries(byCategory).every(([cat, off]) => {
          const covered = ls
            .filter((l) => l.categoryId === cat)
            .reduce((s, l) => s + l.unitCents * l.quantity, 0);
          return off <= covered;
        });
        const outsideUntouched = discountsCents.every((d, i) =>
          ls[i]?.categoryId === 'c' || ls[i]?.categoryId === null ? d === 0 : true,
        );
        return perLineOk && perCategoryOk && outsideUntouched;
      }),
    );
  });
});

describe('promo codes (V5.44, K9.12)', () => {
  it('upper-cases and trims a code', () => {
    expect(normalizePromoCode(' save10 ')).toBe('SAVE10');
  });

  it.each([
    [2000, 100_000, 200],
    [1999, 100_000, 200], // 199.9
    [1005, 100_000, 101], // 100.5 → 101
    [1000, 1_000_000, 1000],
    [1000, 2_000_000, 1000], // never above the subtotal
    [1000, 0, 0],
  ])('%i cents with %i ppm off takes %i', (subtotal, ppm, off) => {
    expect(promoCodeDiscountCents(subtotal, ppm)).toBe(off);
  });
});

describe('the free add-on item (K9.20–K9.22)', () => {
  const tiers: OrderPromotion[] = [
    { amountCents: 3000, freeItemNames: ['Soda', 'Fries'] },
    { amountCents: 5000, freeItemNames: ['Dessert'] },
  ];
  const ctx = (over: Partial<FreeAddonContext> = {}): FreeAddonContext => ({
    enabled: true,
    promotions: tiers,
    subtotalCents: 3001,
    promoCodeApplied: false,
    categoryDiscountCents: 0,
    ...over,
  });

  it.each([
    [3000, null], // K9.20: exactly the amount is not over it
    [3001, 3000],
    [5000, 3000],
    [5001, 5000], // the highest tier reached wins
    [0, null],
  ])('a subtotal of %i reaches the tier %j', (subtotal, amount) => {
    expect(reachedOrderPromotion(tiers, subtotal)?.amountCents ?? null).toBe(amount);
  });

  it('offers the reached tier’s items', () => {
    expect(freeAddonOffer(ctx())).toEqual({
      offered: true,
      promotion: tiers[0],
      freeItemNames: ['Soda', 'Fries'],
    });
  });

  it.each([
    [{ enabled: false }, 'disabled'],
    [{ promoCodeApplied: true }, 'promoCode'], // K9.22: does not combine with a promo code
    [{ categoryDiscountCents: 1 }, 'categoryPromo'], // nor with a category promotion
    [{ subtotalCents: 3000 }, 'notReached'],
    [{ promotions: [] }, 'notReached'],
  ] as [Partial<FreeAddonContext>, string][])('is withdrawn with %j (%s)', (over, reason) => {
    expect(freeAddonOffer(ctx(over))).toEqual({ offered: false, reason });
  });

  it('respects the promotion hours when the merchant set them', () => {
    const zone = 'America/New_York';
    const availableHours = { monday: [{ open: 660, close: 840 }] };
    const mondayNoon = DateTime.fromISO('2024-03-11T12:00', { zone });
    const mondayEvening = DateTime.fromISO('2024-03-11T19:00', { zone });
    expect(freeAddonOffer(ctx({ availableHours, at: mondayNoon, zone })).offered).toBe(true);
    expect(freeAddonOffer(ctx({ availableHours, at: mondayEvening, zone }))).toEqual({
      offered: false,
      reason: 'outsideHours',
    });
  });

  it('accepts exactly one item from the offered list (K9.21)', () => {
    const offer = freeAddonOffer(ctx());
    expect(isFreeAddonChoiceValid(offer, 'Fries')).toBe(true);
    expect(isFreeAddonChoiceValid(offer, 'Dessert')).toBe(false);
    expect(isFreeAddonChoiceValid(freeAddonOffer(ctx({ promoCodeApplied: true })), 'Fries')).toBe(
      false,
    );
  });

  it('makes a line with price 0 and the note "Free addon item" (E3.41)', () => {
    expect(freeAddonLine('Soda')).toEqual({
      name: 'Soda',
      priceCents: 0,
      quantity: 1,
      note: 'Free addon item',
    });
  });
});
