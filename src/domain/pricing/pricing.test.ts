import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderMethodArb, partsAddUp, tipChoiceArb } from './arbitraries.testkit.js';
import { MESSAGES } from '../messages.js';
import {
  basePriceCents,
  checkDeliveryMinimum,
  computeTotals,
  DEFAULT_PRICING_SETTINGS,
  defaultTipChoice,
  isTipPreset,
  tipPresetsSchema,
  tipWithPresets,
  deliveryFeeFor,
  loyaltyPointsEarned,
  pricingSettingsFrom,
  priceLine,
  tipCents,
  type PricingSettings,
  type TipChoice,
  type TotalsInput,
} from './index.js';

describe('a line is (size or base price + option prices) × quantity (K9.14)', () => {
  it.each([
    // [unit, options, qty, gross]
    [500, [100, 50], 2, 1300], // K9.14: 5.00 + 1.00 + 0.50, qty 2 → 13.00
    [899, [], 1, 899],
    [0, [0], 3, 0],
    [1250, [75], 0, 0],
  ])('unit %i with options %j × %i is %i', (unit, options, qty, gross) => {
    const line = priceLine({ unitPriceCents: unit, optionPricesCents: options, quantity: qty });
    expect(line.grossCents).toBe(gross);
    expect(line.netCents).toBe(gross);
  });

  it('uses the size price instead of the item price when a size is chosen', () => {
    expect(basePriceCents(900, 1200)).toBe(1200);
    expect(basePriceCents(900, null)).toBe(900);
    expect(basePriceCents(900, 0)).toBe(0);
  });

  it.each([
    // K9.13: poff 0.25 on an 8.00 line → 6.00
    [{ type: 'poff', ratePpm: 250_000 } as const, 800, 200, 600],
    [{ type: 'poff', ratePpm: 1_000_000 } as const, 800, 800, 0],
    [{ type: 'poff', ratePpm: 500_000 } as const, 1, 1, 0], // the half-cent discount rounds up
    [{ type: 'poff', ratePpm: 2_000_000 } as const, 800, 800, 0], // clamped to 100 %
    [{ type: 'coff', cents: 150 } as const, 800, 150, 650],
    [{ type: 'coff', cents: 5000 } as const, 800, 800, 0], // never more than the line
    [{ type: 'coff', cents: -5 } as const, 800, 0, 800],
  ])('discount %j on a %i line takes %i and leaves %i', (discount, gross, off, net) => {
    const line = priceLine({ unitPriceCents: gross, optionPricesCents: [], quantity: 1, discount });
    expect(line.discountCents).toBe(off);
    expect(line.netCents).toBe(net);
  });

  it('refuses fractional or negative cents and quantities', () => {
    expect(() => priceLine({ unitPriceCents: 1.5, optionPricesCents: [], quantity: 1 })).toThrow(
      RangeError,
    );
    expect(() => priceLine({ unitPriceCents: 100, optionPricesCents: [-1], quantity: 1 })).toThrow(
      RangeError,
    );
    expect(() => priceLine({ unitPriceCents: 100, optionPricesCents: [], quantity: 1.5 })).toThrow(
      RangeError,
    );
  });
});

describe('tips (K9.1–K9.5, T4.21–T4.23)', () => {
  it('opens on 10 % and on 15 % for delivery', () => {
    expect(defaultTipChoice('pickup')).toEqual({ kind: 'percent', ratePpm: 100_000 });
    expect(defaultTipChoice('dinein')).toEqual({ kind: 'percent', ratePpm: 100_000 });
    expect(defaultTipChoice('delivery')).toEqual({ kind: 'percent', ratePpm: 150_000 });
    // A store's own presets and defaults (issue 28); a saved rate it no longer offers prices as
    // its default for the method, a custom amount stays.
    const presets = {
      percents: [0, 18, 22],
      defaults: { pickup: 18, delivery: 22, curbside: 18, dinein: 0, roomServiceDelivery: 18 },
    };
    expect(defaultTipChoice('delivery', presets)).toEqual({ kind: 'percent', ratePpm: 220_000 });
    expect(isTipPreset(150_000, presets)).toBe(false);
    expect(isTipPreset(150_000, null)).toBe(true);
    expect(tipWithPresets({ kind: 'percent', ratePpm: 150_000 }, 'dinein', presets)).toEqual({
      kind: 'percent',
      ratePpm: 0,
    });
    expect(tipWithPresets({ kind: 'custom', cents: 500 }, 'dinein', presets)).toEqual({
      kind: 'custom',
      cents: 500,
    });
    expect(tipPresetsSchema.safeParse({ ...presets, percents: [0, 18] }).success).toBe(false);
    expect(tipPresetsSchema.safeParse({ ...presets, percents: [0, 18, 22, 22] }).success).toBe(
      false,
    );
  });

  it.each([
    [{ kind: 'percent', ratePpm: 0 }, 2000, 0],
    [{ kind: 'percent', ratePpm: 100_000 }, 2000, 200],
    [{ kind: 'percent', ratePpm: 150_000 }, 1234, 185], // 185.1
    [{ kind: 'percent', ratePpm: 200_000 }, 1234, 247], // 246.8
    [{ kind: 'percent', ratePpm: 150_000 }, 1010, 152], // 151.5 → 152
    [{ kind: 'custom', cents: 500 }, 2000, 500],
    [{ kind: 'custom', cents: 9_999_900 }, 2000, 9_999_900],
  ] as [TipChoice, number, number][])('%j on %i cents is %i', (choice, base, tip) => {
    expect(tipCents(choice, base)).toBe(tip);
  });

  it('refuses a rate that is not a whole percent 0..100 and a custom tip over 99999 or negative (K9.2, K9.3)', () => {
    // Which whole percents a store offers is its own (issue 28): 17 % prices, 17.5 % never does.
    expect(tipCents({ kind: 'percent', ratePpm: 170_000 } as TipChoice, 1000)).toBe(170);
    expect(() => tipCents({ kind: 'percent', ratePpm: 175_000 }, 100)).toThrow();
    expect(() => tipCents({ kind: 'percent', ratePpm: 1_010_000 }, 100)).toThrow();
    expect(() => tipCents({ kind: 'custom', cents: 10_000_000 }, 100)).toThrow();
    expect(() => tipCents({ kind: 'custom', cents: -1 }, 100)).toThrow();
  });
});

describe('delivery fee: the first range whose mile limit is above the distance (K9.17)', () => {
  const ranges = [
    { deliveryRangeInMile: 6, deliveryFeeCents: 400 },
    { deliveryRangeInMile: 3, deliveryFeeCents: 200 },
  ];
  it.each([
    [0, 200],
    [2, 200],
    [2.99, 200],
    [3, 400], // equal to a limit is outside that range
    [4, 400],
    [5.99, 400],
  ])('%f miles costs %i cents', (miles, fee) => {
    const result = deliveryFeeFor(miles, ranges);
    expect(result).toMatchObject({ ok: true, feeCents: fee });
  });

  it.each([
    [6, ranges],
    [10, ranges],
    [1, []],
    [-1, ranges],
    [Number.NaN, ranges],
  ])('%f miles over %j is out of range (V5.59, V5.60)', (miles, rs) => {
    expect(deliveryFeeFor(miles, rs)).toEqual({
      ok: false,
      message: MESSAGES.OUT_OF_DELIVERY_RANGE,
    });
  });
});

describe('delivery minimum (V5.56, V5.57)', () => {
  it('passes at exactly the minimum and when there is none', () => {
    expect(checkDeliveryMinimum(3000, 3000)).toEqual({ met: true });
    expect(checkDeliveryMinimum(0, 0)).toEqual({ met: true });
  });

  it('fails a cent below with both of the spec messages', () => {
    expect(checkDeliveryMinimum(2999, 3000)).toEqual({
      met: false,
      message: 'Sorry, Your order amount does not meet the minimum requirement for delivery.',
      detail: 'Sorry, your order amount does not meet the minimum requirement $30.00 for delivery.',
      shortByCents: 1,
    });
  });
});

const settings = (over: Partial<PricingSettings> = {}): PricingSettings => ({
  ...DEFAULT_PRICING_SETTINGS,
  ...over,
});

const input = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  subtotalCents: 1000,
  method: 'pickup',
  tip: { kind: 'percent', ratePpm: 0 },
  promoCodeRatePpm: 0,
  deliveryFeeCents: 0,
  settings: settings(),
  ...over,
});

describe('order totals (K9.7–K9.12)', () => {
  it('charges 7 % tax by default (K9.7)', () => {
    expect(computeTotals(input()).taxCents).toBe(70);
  });

  it('charges the fixed gratuity automatically on the subtotal (K9.8)', () => {
    expect(
      computeTotals(input({ settings: settings({ fixedTipRatePpm: 180_000 }) })).fixedTipsCents,
    ).toBe(180);
  });

  it('shows processing plus service fee as one fees line (K9.9)', () => {
    const t = computeTotals(
      input({ settings: settings({ processingFeeRatePpm: 30_000, serviceFeeCents: 100 }) }),
    );
    expect(t.processingFeeCents).toBe(30);
    expect(t.feesShownCents).toBe(130);
  });

  it('charges no processing fee for dine-in but keeps the service fee (K9.10)', () => {
    const t = computeTotals(
      input({
        method: 'dinein',
        settings: settings({ processingFeeRatePpm: 30_000, serviceFeeCents: 100 }),
      }),
    );
    expect(t.processingFeeCents).toBe(0);
    expect(t.serviceFeeCents).toBe(100);
  });

  it('takes the promo-code discount as subtotal × percentage off and taxes what is left (K9.12)', () => {
    const t = computeTotals(input({ subtotalCents: 2000, promoCodeRatePpm: 100_000 }));
    expect(t.discountCents).toBe(200);
    expect(t.taxCents).toBe(126); // 7 % of 18.00
  });

  it('takes percentage tips on the subtotal before the discount (T4.21)', () => {
    const t = computeTotals(
      input({
        subtotalCents: 2000,
        promoCodeRatePpm: 500_000,
        tip: { kind: 'percent', ratePpm: 100_000 },
      }),
    );
    expect(t.tipsCents).toBe(200);
  });

  it('adds the delivery fee only for delivery and the room-service fee only for room service', () => {
    const s = settings({ roomServiceDeliveryFeeCents: 300 });
    expect(
      computeTotals(input({ method: 'delivery', deliveryFeeCents: 400, settings: s })),
    ).toMatchObject({
      deliveryFeeCents: 400,
      roomServiceDeliveryFeeCents: 0,
    });
    expect(
      computeTotals(input({ method: 'pickup', deliveryFeeCents: 400, settings: s })),
    ).toMatchObject({
      deliveryFeeCents: 0,
      roomServiceDeliveryFeeCents: 0,
    });
    expect(
      computeTotals(input({ method: 'roomServiceDelivery', deliveryFeeCents: 400, settings: s })),
    ).toMatchObject({ deliveryFeeCents: 0, roomServiceDeliveryFeeCents: 300 });
  });

  it('adds every part to the total and subtracts the discount (K9.11)', () => {
    const t = computeTotals({
      subtotalCents: 4321,
      method: 'delivery',
      tip: { kind: 'percent', ratePpm: 150_000 },
      promoCodeRatePpm: 100_000,
      deliveryFeeCents: 499,
      settings: settings({
        fixedTipRatePpm: 50_000,
        processingFeeRatePpm: 29_000,
        serviceFeeCents: 125,
      }),
    });
    expect(t).toEqual({
      subtotalCents: 4321,
      discountCents: 432, // 432.1
      taxCents: 272, // 7 % of 38.89 = 272.23
      tipsCents: 648, // 648.15
      fixedTipsCents: 216, // 216.05
      processingFeeCents: 125, // 125.309
      serviceFeeCents: 125,
      feesShownCents: 250,
      deliveryFeeCents: 499,
      roomServiceDeliveryFeeCents: 0,
      totalCents: 4321 + 272 + 648 + 216 + 125 + 125 + 499 - 432,
    });
  });

  it('refuses a rate above 1 or fractional cents', () => {
    expect(() => computeTotals(input({ settings: settings({ taxRatePpm: 1_000_001 }) }))).toThrow(
      RangeError,
    );
    expect(() => computeTotals(input({ subtotalCents: 10.5 }))).toThrow(RangeError);
  });

  const arbitraryInput = fc.record({
    subtotalCents: fc.integer({ min: 0, max: 50_000_000 }),
    method: orderMethodArb,
    tip: tipChoiceArb,
    promoCodeRatePpm: fc.integer({ min: 0, max: 1_000_000 }),
    deliveryFeeCents: fc.integer({ min: 0, max: 9_999_900 }),
    settings: fc.record({
      taxRatePpm: fc.integer({ min: 0, max: 1_000_000 }),
      fixedTipRatePpm: fc.integer({ min: 0, max: 1_000_000 }),
      processingFeeRatePpm: fc.integer({ min: 0, max: 1_000_000 }),
      serviceFeeCents: fc.integer({ min: 0, max: 9_999_900 }),
      roomServiceDeliveryFeeCents: fc.integer({ min: 0, max: 9_999_900 }),
      minOrderForDeliveryCents: fc.integer({ min: 0, max: 9_999_900 }),
    }),
  }) as fc.Arbitrary<TotalsInput>;

  it('property: every amount is whole cents and never negative', () => {
    fc.assert(
      fc.property(arbitraryInput, (i) =>
        Object.values(computeTotals(i)).every((v) => Number.isSafeInteger(v) && v >= 0),
      ),
    );
  });

  it('property: the parts add up to the total exactly', () => {
    fc.assert(
      fc.property(arbitraryInput, (i) => {
        const t = computeTotals(i);
        return partsAddUp(t) && t.discountCents <= t.subtotalCents;
      }),
    );
  });
});

describe('loyalty points are 100 × food dollars (K9.23, domain-rules.md)', () => {
  it('gives 1234 points for a subtotal of 12.34 without discount', () => {
    expect(loyaltyPointsEarned({ subtotalCents: 1234, discountCents: 0 })).toBe(1234);
  });

  it('counts the subtotal after discounts, not tips or fees', () => {
    expect(loyaltyPointsEarned({ subtotalCents: 2000, discountCents: 500 })).toBe(1500);
  });

  it('never gives negative points', () => {
    expect(loyaltyPointsEarned({ subtotalCents: 100, discountCents: 300 })).toBe(0);
  });
});

describe('reading stored pricing settings', () => {
  it('reads numeric(7,6) rates exactly and fills the defaults (E3.9, E3.10)', () => {
    expect(
      pricingSettingsFrom({ taxRate: '0.082500', processingFeeRate: 0.029, serviceFeeCents: 100 }),
    ).toEqual({
      taxRatePpm: 82_500,
      fixedTipRatePpm: 0,
      processingFeeRatePpm: 29_000,
      serviceFeeCents: 100,
      roomServiceDeliveryFeeCents: 0,
      minOrderForDeliveryCents: 0,
    });
    expect(pricingSettingsFrom({}).taxRatePpm).toBe(70_000);
  });

  it('refuses a stored rate above 1 or not a number', () => {
    expect(() => pricingSettingsFrom({ taxRate: '7' })).toThrow(RangeError);
    expect(() => pricingSettingsFrom({ fixedTipRate: 'abc' })).toThrow(RangeError);
  });
});
