// While the full item list loads, only the leading categories with items render, so the full
// list only adds below what is on screen (no layout shift).
import { describe, expect, it } from 'vitest';
import { category, menuItem } from '../test-data/store.js';
import { groupMenu, leadingGroups } from './menu.js';

const categories = ['a', 'b', 'c'].map((id) => category({ _id: id, name: id }));
const item = (id: string, cat: string) => menuItem({ _id: id, _idCategory: cat, name: id });

describe('leadingGroups', () => {
  it('stops at the first category the first page has no items for', () => {
    const groups = groupMenu(categories, [item('1', 'a'), item('2', 'c')]);
    expect(leadingGroups(groups, false).map((g) => g.category._id)).toEqual(['a']);
  });

  it('shows every category, empty ones too, once the list is complete', () => {
    const groups = groupMenu(categories, [item('1', 'a'), item('2', 'c')]);
    expect(leadingGroups(groups, true).map((g) => g.category._id)).toEqual(['a', 'b', 'c']);
  });

  it('shows nothing while the first page has nothing for the first category', () => {
    expect(leadingGroups(groupMenu(categories, [item('2', 'b')]), false)).toEqual([]);
  });
});
