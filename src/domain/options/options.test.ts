import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkItemChoice,
  isSelectionCountValid,
  readCount,
  selectionBounds,
  selectionHint,
  selectionNeed,
  toggleSelection,
  type MenuItemForChoice,
  type OptionGroupRule,
} from './index.js';

describe('option group bounds and hints (V5.34–V5.38)', () => {
  it.each([
    [{ minNumberToSelect: 1, maxNumberToSelect: 3 }, 1, 3, 'Any 1 required. Up to 3'], // V5.34
    [{ minNumberToSelect: 2 }, 2, Infinity, 'At least 2 required'], // V5.35
    [{ maxNumberToSelect: 2 }, 0, 2, 'Up to 2'], // V5.36
    [{ numberToSelect: 2 }, 2, 2, 'Any 2 required'], // V5.37
    [{ numberToSelect: 0 }, 0, Infinity, null], // V5.38
    [{ numberToSelect: '0' }, 0, Infinity, null], // the spec's string default
    [{}, 0, Infinity, null],
    [{ minNumberToSelect: '2', maxNumberToSelect: '2' }, 2, 2, 'Any 2 required'],
    [{ minNumberToSelect: 0, maxNumberToSelect: 3 }, 0, 3, 'Up to 3'],
    [{ minNumberToSelect: '', maxNumberToSelect: '', numberToSelect: 1 }, 1, 1, 'Any 1 required'],
    [
      { minNumberToSelect: 1, maxNumberToSelect: 3, numberToSelect: 5 },
      1,
      3,
      'Any 1 required. Up to 3',
    ],
    [{ minNumberToSelect: 3, maxNumberToSelect: 1 }, 3, 3, 'Any 3 required'], // a max below min is raised
  ] as [OptionGroupRule, number, number, string | null][])(
    '%j selects %i to %d with hint %j',
    (rule, min, max, hint) => {
      const bounds = selectionBounds(rule);
      expect(bounds).toEqual({ min, max });
      expect(selectionHint(bounds)).toBe(hint);
    },
  );

  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    [' 3 ', 3],
    [4, 4],
    ['x', null],
    [-1, null],
    [1.5, null],
  ])('reads the count %j as %j', (value, count) => {
    expect(readCount(value)).toBe(count);
  });

  it.each([
    [0, { min: 1, max: 3 }, false],
    [1, { min: 1, max: 3 }, true],
    [3, { min: 1, max: 3 }, true],
    [4, { min: 1, max: 3 }, false],
    [5, { min: 2, max: Infinity }, true],
    [0, { min: 0, max: 2 }, true],
  ])('%i selections in %j is valid: %s', (count, bounds, ok) => {
    expect(isSelectionCountValid(count, bounds)).toBe(ok);
  });
});

describe('choosing beyond the limit drops the oldest choice (V5.39)', () => {
  it('unchecks A when C is chosen with max 2', () => {
    let chosen: string[] = [];
    for (const v of ['A', 'B', 'C']) chosen = toggleSelection(chosen, v, { min: 0, max: 2 });
    expect(chosen).toEqual(['B', 'C']);
  });

  it('unchooses a value chosen again', () => {
    expect(toggleSelection(['A', 'B'], 'A', { min: 0, max: 2 })).toEqual(['B']);
  });

  it('replaces the single choice of an exactly-one group', () => {
    expect(toggleSelection(['A'], 'B', { min: 1, max: 1 })).toEqual(['B']);
  });

  it('never chooses in a group that allows none', () => {
    expect(toggleSelection([], 'A', { min: 0, max: 0 })).toEqual([]);
  });

  it('property: a toggle never leaves more than the maximum nor duplicates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 30 }),
        fc.integer({ min: 0, max: 4 }),
        (clicks, max) => {
          let chosen: string[] = [];
          for (const c of clicks) {
            chosen = toggleSelection(chosen, c, { min: 0, max });
            if (chosen.length > max || new Set(chosen).size !== chosen.length) return false;
          }
          return true;
        },
      ),
    );
  });
});

describe('checking an item choice (V5.32, V5.33, V5.41)', () => {
  const roll: MenuItemForChoice = {
    priceCents: 900,
    sizes: [
      { id: 's', name: 'Small', priceCents: 800 },
      { id: 'l', name: 'Large', priceCents: 1200 },
    ],
    options: [
      {
        id: 'sauce',
        name: 'Sauce',
        numberToSelect: 1,
        values: [
          { id: 'mayo', name: 'Spicy mayo', priceCents: 50 },
          { id: 'eel', name: 'Eel sauce', priceCents: 75 },
        ],
      },
      {
        id: 'extras',
        name: 'Extras',
        maxNumberToSelect: 2,
        values: [
          { id: 'avo', name: 'Avocado', priceCents: 100 },
          { id: 'roe', name: 'Roe', priceCents: 150 },
          { id: 'sesame', name: 'Sesame', priceCents: 0 },
        ],
      },
    ],
  };

  it('prices a valid choice from the size, not the item price', () => {
    const result = checkItemChoice(roll, {
      sizeId: 'l',
      options: { sauce: ['eel'], extras: ['avo', 'sesame'] },
      quantity: 2,
      note: 'no wasabi',
    });
    expect(result).toMatchObject({
      ok: true,
      unitPriceCents: 1200,
      optionPricesCents: [75, 100, 0],
      quantity: 2,
      note: 'No wasabi',
    });
  });

  it.each([
    [{ options: { sauce: ['eel'] } }, 'Item size is required.', 'size'],
    [{ sizeId: 'xl', options: { sauce: ['eel'] } }, 'Item size is required.', 'size'],
    [{ sizeId: 's', options: {} }, 'Exact number of option needs to be chosen.', 'options'],
    [
      { sizeId: 's', options: { sauce: ['eel', 'mayo'] } },
      'Exact number of option needs to be chosen.',
      'options',
    ],
    [
      { sizeId: 's', options: { sauce: ['eel'], extras: ['avo', 'roe', 'sesame'] } },
      'Exact number of option needs to be chosen.',
      'options',
    ],
    [{ sizeId: 's', options: { sauce: ['ketchup'] } }, 'Invalid', 'options'],
    [{ sizeId: 's', options: { sauce: ['eel', 'eel'] } }, 'Invalid', 'options'],
    [{ sizeId: 's', options: { sauce: ['eel'], drinks: ['cola'] } }, 'Invalid', 'options'],
    [{ sizeId: 's', options: { sauce: ['eel'] }, quantity: 0 }, 'Invalid', 'quantity'],
    [{ sizeId: 's', options: { sauce: ['eel'] }, quantity: 100 }, 'Invalid', 'quantity'],
  ])('refuses %j with %s', (choice, message, field) => {
    const result = checkItemChoice(roll, { quantity: 1, ...choice });
    expect(result).toMatchObject({ ok: false, message, field });
  });

  it('refuses a size for an item without sizes and any choice of a sold-out item', () => {
    const plain: MenuItemForChoice = { priceCents: 500, sizes: [], options: [] };
    expect(checkItemChoice(plain, { sizeId: 'x', options: {}, quantity: 1 })).toMatchObject({
      ok: false,
    });
    expect(checkItemChoice(plain, { options: {}, quantity: 1 })).toMatchObject({
      ok: true,
      unitPriceCents: 500,
    });
    expect(
      checkItemChoice({ ...plain, soldOut: true }, { options: {}, quantity: 1 }),
    ).toMatchObject({
      ok: false,
      message: 'This item unavailable now.',
    });
  });
});

describe('selectionNeed (issue 28: the item modal names the option)', () => {
  it('says what the group needs, by its bounds, naming it', () => {
    expect(selectionNeed(selectionBounds({ numberToSelect: 1 }), 'Sauce')).toBe(
      'Choose exactly 1: Sauce',
    );
    expect(selectionNeed(selectionBounds({ minNumberToSelect: 2 }), 'Sides')).toBe(
      'Choose at least 2: Sides',
    );
    expect(
      selectionNeed(selectionBounds({ minNumberToSelect: 1, maxNumberToSelect: 3 }), 'Jam'),
    ).toBe('Choose 1 to 3: Jam');
    expect(selectionNeed(selectionBounds({ maxNumberToSelect: 2 }), 'Toppings')).toBe(
      'Choose up to 2: Toppings',
    );
  });
});
