import { describe, it, expect } from 'vitest';
import { demoFreeItemNames, demoMenu } from './demo-menu.js';
import { smallMenu } from './small-menu.js';
import type { SeedMenu, SeedOptionGroup } from './types.js';
import {
  PROMO_TYPES,
  WEEKDAYS,
  promoMethodSchema,
  weeklyHoursSchema,
} from '../../../../domain/settings/schemas.js';

/** Spec §5 option bounds: which rule a group follows. */
function boundRule(g: SeedOptionGroup): string {
  const hasMin = g.minNumberToSelect !== undefined;
  const hasMax = g.maxNumberToSelect !== undefined;
  if (hasMin && hasMax) return 'minMax';
  if (hasMin) return 'minOnly';
  if (hasMax) return 'maxOnly';
  const exact = g.numberToSelect ?? 0;
  return exact === 0 ? 'unlimited' : `exact${exact}`;
}

const allItems = (menu: SeedMenu) => menu.categories.flatMap((c) => c.items);

function checkCommonShape(menu: SeedMenu) {
  const items = allItems(menu);
  // unique keys and names
  const keys = menu.categories.map((c) => c.key);
  expect(new Set(keys).size).toBe(keys.length);
  const names = items.map((i) => i.name.trim().toLowerCase());
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  expect(dupes).toEqual([]);
  // names and prices
  for (const c of menu.categories) {
    expect(c.name.trim()).not.toBe('');
    expect(c.name2.trim()).not.toBe('');
    expect(c.description.trim()).not.toBe('');
    expect(c.items.length).toBeGreaterThan(0);
  }
  for (const item of items) {
    expect(item.name.trim(), item.name).not.toBe('');
    expect(item.name2.trim(), item.name).not.toBe('');
    expect(item.description.trim(), item.name).not.toBe('');
    expect(item.name.length, item.name).toBeLessThanOrEqual(100);
    expect(Number.isInteger(item.priceCents) && item.priceCents > 0, item.name).toBe(true);
    for (const s of item.sizes ?? []) {
      expect(Number.isInteger(s.priceCents) && s.priceCents > 0, `${item.name} ${s.name}`).toBe(true);
      expect(s.name2?.trim(), `${item.name} ${s.name}`).toBeTruthy();
    }
    if (item.sizes) expect(item.sizes.length, item.name).toBeGreaterThanOrEqual(2);
  }
  // option groups: every reference exists, every group is used, values well-formed
  const used = new Set<string>();
  for (const item of items) {
    for (const key of item.options ?? []) {
      expect(menu.optionGroups[key], `${item.name} → ${key}`).toBeDefined();
      used.add(key);
    }
    expect(new Set(item.options ?? []).size, item.name).toBe((item.options ?? []).length);
  }
  expect([...used].sort()).toEqual(Object.keys(menu.optionGroups).sort());
  for (const [key, g] of Object.entries(menu.optionGroups)) {
    expect(g.name2?.trim(), key).toBeTruthy();
    expect(g.values.length, key).toBeGreaterThan(0);
    for (const v of g.values) {
      expect(v.name2?.trim(), `${key} ${v.name}`).toBeTruthy();
      expect(Number.isInteger(v.priceCents) && v.priceCents >= 0, `${key} ${v.name}`).toBe(true);
    }
    // bounds are satisfiable with the values on offer
    const needed = g.minNumberToSelect ?? (g.maxNumberToSelect === undefined ? (g.numberToSelect ?? 0) : 0);
    expect(needed, key).toBeLessThanOrEqual(g.values.length);
    if (g.minNumberToSelect !== undefined && g.maxNumberToSelect !== undefined) {
      expect(g.minNumberToSelect, key).toBeLessThanOrEqual(g.maxNumberToSelect);
    }
  }
  // printers
  const printerKeys = new Set(menu.printers.map((p) => p.key));
  expect(printerKeys.size).toBe(menu.printers.length);
  for (const item of items) {
    for (const p of item.printers ?? []) expect(printerKeys.has(p), `${item.name} → ${p}`).toBe(true);
  }
  // nested settings objects pass the shared schemas
  for (const c of menu.categories) {
    if (c.availableHour) expect(weeklyHoursSchema.safeParse(c.availableHour).success, c.key).toBe(true);
    if (c.promoMethod) expect(promoMethodSchema.safeParse(c.promoMethod).success, c.key).toBe(true);
  }
}

describe('demoMenu', () => {
  const items = allItems(demoMenu);

  it('has at least 12 categories and 150 items with unique names', () => {
    expect(demoMenu.categories.length).toBeGreaterThanOrEqual(12);
    expect(items.length).toBeGreaterThanOrEqual(150);
    checkCommonShape(demoMenu);
  });

  it('covers every option bound rule of spec §5', () => {
    const rules = new Set(Object.values(demoMenu.optionGroups).map(boundRule));
    for (const rule of ['exact1', 'exact2', 'minOnly', 'maxOnly', 'minMax', 'unlimited']) {
      expect(rules, rule).toContain(rule);
    }
    const groups = Object.values(demoMenu.optionGroups);
    const minMax = groups.find((g) => boundRule(g) === 'minMax');
    expect(minMax?.minNumberToSelect).toBe(1);
    expect(minMax?.maxNumberToSelect).toBe(2);
    expect(groups.some((g) => boundRule(g) === 'maxOnly' && g.maxNumberToSelect === 3)).toBe(true);
    expect(groups.some((g) => boundRule(g) === 'minOnly' && g.minNumberToSelect === 1)).toBe(true);
    expect(groups.some((g) => g.values.length >= 6)).toBe(true);
    expect(groups.some((g) => boundRule(g) === 'unlimited' && g.values.some((v) => v.priceCents > 0))).toBe(true);
    for (const g of groups) if (boundRule(g).startsWith('exact')) expect(g.required, g.name).toBe(true);
  });

  it('uses sizes on a fair number of items', () => {
    const sized = items.filter((i) => i.sizes && i.sizes.length > 0);
    expect(sized.length).toBeGreaterThanOrEqual(15);
    for (const i of sized) expect(i.priceCents, i.name).toBe(i.sizes![0]!.priceCents);
  });

  it('marks raw, spicy, vegan and sold-out items', () => {
    expect(items.filter((i) => i.raw).length).toBeGreaterThanOrEqual(1);
    expect(items.filter((i) => i.spicy).length).toBeGreaterThanOrEqual(20);
    expect(items.filter((i) => i.vegan).length).toBeGreaterThanOrEqual(15);
    const soldOut = items.filter((i) => i.soldOut).length;
    expect(soldOut).toBeGreaterThanOrEqual(3);
    expect(soldOut).toBeLessThanOrEqual(4);
  });

  it('limits Lunch Specials to 11:00–15:00 and Dim Sum to 8:00–15:00 every day', () => {
    const withHours = demoMenu.categories.filter((c) => c.availableHour);
    expect(withHours.map((c) => c.name).sort()).toEqual(['Dim Sum', 'Lunch Specials']);
    const expected: Record<string, { open: number; close: number }> = {
      'Lunch Specials': { open: 660, close: 900 },
      'Dim Sum': { open: 480, close: 900 },
    };
    for (const c of withHours) {
      for (const day of WEEKDAYS) expect(c.availableHour?.[day], `${c.name} ${day}`).toEqual([expected[c.name]]);
    }
  });

  it('has exactly three category promotions, one of each type', () => {
    const promos = demoMenu.categories.flatMap((c) => (c.promoMethod ? [c.promoMethod] : []));
    expect(promos).toHaveLength(3);
    expect(promos.map((p) => p.type).sort()).toEqual([...PROMO_TYPES].sort());
    expect(promos).toContainEqual({ name: 'Dim Sum Deal', type: 'BUY_X_GET_Y_FREE', x: 3, y: 1 });
    expect(promos).toContainEqual({ name: 'Seafood Saver', type: 'MEET_X_MINUS_Y', x: 5000, y: 500 });
    expect(promos).toContainEqual({ name: 'Noodle Night', type: 'MEET_X_PERCENT_OFF', x: 3000, y: 10 });
  });

  it('has one category unavailable for the branch', () => {
    expect(demoMenu.categories.filter((c) => c.unavailableForBranch)).toHaveLength(1);
  });

  it('has kitchen, bar and front printers; drinks and desserts print at the bar', () => {
    const byKey = Object.fromEntries(demoMenu.printers.map((p) => [p.key, p]));
    expect(byKey.kitchen).toMatchObject({ name: 'Kitchen', printFormat: 'kitchen' });
    expect(byKey.bar).toMatchObject({ name: 'Bar', printFormat: 'kitchen' });
    expect(byKey.front).toMatchObject({ name: 'Front Counter', printFormat: 'receipt' });
    for (const key of ['drinks', 'desserts']) {
      const cat = demoMenu.categories.find((c) => c.key === key);
      expect(cat, key).toBeDefined();
      for (const item of cat!.items) expect(item.printers, item.name).toEqual(['bar']);
    }
  });

  it('offers simple items usable as free promo items', () => {
    for (const name of demoFreeItemNames) {
      const item = items.find((i) => i.name === name);
      expect(item, name).toBeDefined();
      expect(item!.sizes, name).toBeUndefined();
      expect(item!.soldOut, name).toBeFalsy();
      const required = (item!.options ?? []).filter((k) => demoMenu.optionGroups[k]?.required);
      expect(required, name).toEqual([]);
    }
    expect(demoFreeItemNames).toEqual(
      expect.arrayContaining(['Spring Rolls (2)', 'Egg Drop Soup', 'Fortune Cookies']),
    );
  });
});

describe('smallMenu', () => {
  it('is a small bakery-café menu with one option group and one size set', () => {
    checkCommonShape(smallMenu);
    expect(smallMenu.categories).toHaveLength(3);
    const items = allItems(smallMenu);
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBeLessThanOrEqual(12);
    expect(Object.keys(smallMenu.optionGroups)).toHaveLength(1);
    expect(items.filter((i) => i.sizes && i.sizes.length > 0)).toHaveLength(1);
  });
});
