import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ItemCard } from './ItemCard.js';
import { menuItem } from '../test-data/store.js';

const harGow = {
  _id: 'i1',
  _idCategory: 'c1',
  name: 'Har Gow',
  name_2nd: '虾饺',
  discription: 'Crystal shrimp dumplings, four pieces.',
  priceCents: 695,
  imgUrl: '/images/har-gow.webp',
  soldout: false,
  raw_sign: false,
  spicy_sign: true,
  vegan_sign: false,
};
const item = menuItem(harGow);

afterEach(cleanup);

describe('ItemCard', () => {
  it('shows the names, the description, the price from cents and the marks', () => {
    render(<ItemCard item={item} />);
    const card = screen.getByRole('article', { name: 'Har Gow' });
    expect(card.textContent).toContain('虾饺');
    expect(card.textContent).toContain('Crystal shrimp dumplings, four pieces.');
    expect(screen.getByText('$6.95')).toBeTruthy();
    expect(screen.getByText('Spicy')).toBeTruthy();
    expect(screen.queryByText('Vegan')).toBeNull();
    expect(screen.queryByText('Sold out')).toBeNull();
  });

  it('shows a sold-out badge on a sold-out item', () => {
    render(<ItemCard item={menuItem({ ...harGow, soldout: true })} />);
    expect(screen.getByText('Sold out')).toBeTruthy();
  });
});

describe('ItemCard with the merchant flags off', () => {
  it('hides the second-language name and the notes the merchant turned off', () => {
    render(
      <ItemCard
        item={item}
        display={{ raw: true, spicy: false, vegan: true, secondLanguage: false }}
      />,
    );
    const card = screen.getByRole('article', { name: 'Har Gow' });
    expect(card.textContent).not.toContain('虾饺');
    expect(screen.queryByText('Spicy')).toBeNull();
  });

  it('marks an item unavailable at this hour with the spec note (T4.4)', () => {
    render(
      <ItemCard
        item={menuItem({
          ...harGow,
          available: false,
          unavailableNote: 'This item unavailable now.',
        })}
      />,
    );
    expect(screen.getByText('This item unavailable now.')).toBeTruthy();
  });
});
