// Once the full list is in, the menu grows a few cards per task (MenuSections): `cut` decides which
// cards a step shows.
import { describe, expect, it } from 'vitest';
import { category, menuItem } from '../test-data/store.js';
import { groupMenu } from './menu.js';
import { cut } from './MenuSections.js';

const categories = ['a', 'b', 'c', 'd'].map((id) => category({ _id: id, name: id }));
const item = (id: string, cat: string) => menuItem({ _id: id, _idCategory: cat, name: id });
// a: 3 items, b: none, c: 2 items, d: 1 item
const groups = groupMenu(categories, [
  item('a1', 'a'),
  item('a2', 'a'),
  item('a3', 'a'),
  item('c1', 'c'),
  item('c2', 'c'),
  item('d1', 'd'),
]);
const shape = (budget: number) =>
  cut(groups, budget).map((g) => `${g.category._id}:${g.items.map((i) => i._id).join(',')}`);

describe('cut', () => {
  it('shows the first cards in menu order, the last category cut short', () => {
    expect(shape(2)).toEqual(['a:a1,a2']);
    expect(shape(4)).toEqual(['a:a1,a2,a3', 'b:', 'c:c1']);
  });

  it('shows an empty category once the budget reaches it, and stops before the next with items', () => {
    expect(shape(3)).toEqual(['a:a1,a2,a3', 'b:']);
  });

  it('shows everything once the budget covers every card', () => {
    expect(shape(6)).toEqual(['a:a1,a2,a3', 'b:', 'c:c1,c2', 'd:d1']);
    expect(shape(100)).toEqual(shape(6));
  });

  it('keeps a whole category’s item list as it is, so its memoised section does not render again', () => {
    const step = cut(groups, 4);
    expect(step[0]!.items).toBe(groups[0]!.items);
    expect(step[2]!.items).not.toBe(groups[2]!.items);
  });
});
