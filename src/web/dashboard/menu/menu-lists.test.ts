// The Menu pane's pure list rules (issue 28): where a drop puts the moved rows, and which items a
// search keeps.
import { describe, expect, it } from 'vitest';
import type { MenuItem } from './queries.js';
import { searchItems } from './MenuPane.js';
import { moveIds } from './ReorderList.js';

describe('moveIds', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('puts the moved id before or after the target', () => {
    expect(moveIds(ids, new Set(['d']), 'a', 'before')).toEqual(['d', 'a', 'b', 'c']);
    expect(moveIds(ids, new Set(['a']), 'c', 'after')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveIds(ids, new Set(['b']), 'd', 'after')).toEqual(['a', 'c', 'd', 'b']);
  });
  it('moves several as a block, in their order, and ignores an unknown target', () => {
    expect(moveIds(ids, new Set(['d', 'b']), 'a', 'before')).toEqual(['b', 'd', 'a', 'c']);
    expect(moveIds(ids, new Set(['a']), 'x', 'before')).toEqual(ids);
  });
});

describe('searchItems', () => {
  const item = (name: string, name_2nd: string, discription: string) =>
    ({ name, name_2nd, discription }) as MenuItem;
  const items = [
    item('Hot & Sour Soup', '酸辣汤', 'Peppery, tangy broth'),
    item('Wonton Soup', '云吞汤', 'Clear, gingery broth'),
    item('Spring Rolls', '', 'Crisp'),
  ];
  it('keeps items holding every word in a name or the description, case ignored', () => {
    expect(searchItems(items, 'soup').map((i) => i.name)).toEqual([
      'Hot & Sour Soup',
      'Wonton Soup',
    ]);
    expect(searchItems(items, 'BROTH  tangy').map((i) => i.name)).toEqual(['Hot & Sour Soup']);
    expect(searchItems(items, '云吞').map((i) => i.name)).toEqual(['Wonton Soup']);
    expect(searchItems(items, '  ')).toBe(items);
    expect(searchItems(items, 'pizza')).toEqual([]);
  });
});
