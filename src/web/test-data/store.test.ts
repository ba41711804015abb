// The web tests' data goes through the contract: data shaped like the old hand-written types
// (name_2nd and description null, no `available`) no longer passes, so drift fails a test.
import { describe, expect, it } from 'vitest';
import { businessInfo, category, menuItem } from './store.js';

describe('web test data', () => {
  it('builds answers the contract accepts', () => {
    expect(businessInfo().merchantId).toBe('demo');
    expect(category({ _id: 'c1' }).name_2nd).toBe('');
    expect(menuItem({ _id: 'i1', _idCategory: 'c1' }).available).toBe(true);
  });

  it('refuses a category with the nullable name_2nd the browser used to declare', () => {
    const drifted = { _id: 'c1', name_2nd: null, description: null } as unknown as { _id: string };
    expect(() => category(drifted)).toThrow(/category test data does not match the contract/);
  });

  it('refuses an item missing a field the server always sends', () => {
    const drifted = { _id: 'i1', _idCategory: 'c1', available: undefined } as unknown as {
      _id: string;
      _idCategory: string;
    };
    expect(() => menuItem(drifted)).toThrow(/available/);
  });
});
