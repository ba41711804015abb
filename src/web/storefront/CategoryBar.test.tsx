import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoryBar } from './CategoryBar.js';
import { CategorySidebar } from './CategorySidebar.js';
import { category } from '../test-data/store.js';

const categories = [
  category({ _id: 'c-dimsum', name: 'Dim Sum', name_2nd: '点心' }),
  category({
    _id: 'c-noodles',
    name: 'Noodles',
    name_2nd: '面',
    promoMethod: { name: 'Buy 2 get 1 free', type: 'BUY_X_GET_Y_FREE', x: 2, y: 1 },
  }),
  category({ _id: 'c-soups', name: 'Soups' }),
];

/** The dialogs are lazy chunks: their first import can take seconds on a busy machine. */
const LAZY = { timeout: 4_000 };

afterEach(cleanup);

describe('CategoryBar', () => {
  it('links every category to its anchor on the page, in order', () => {
    render(<CategoryBar categories={categories} />);
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Dim Sum', 'Noodles', 'Soups']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#c-dimsum',
      '#c-noodles',
      '#c-soups',
    ]);
  });

  it('marks only the categories with a promotion with a bell naming it', () => {
    render(<CategoryBar categories={categories} />);
    const bells = screen.getAllByRole('img', { name: /^Promotion:/ });
    expect(bells).toHaveLength(1);
    expect(bells[0]?.getAttribute('aria-label')).toBe('Promotion: Buy 2 get 1 free');
    expect(screen.getByRole('link', { name: /Noodles/ }).contains(bells[0] ?? null)).toBe(true);
  });

  it('opens every category in a drawer; choosing one closes it and goes there (S2.6)', async () => {
    render(
      <>
        <CategoryBar categories={categories} />
        <section id="c-soups" tabIndex={-1} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'All categories' });
    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Categories' }, LAZY);
    const links = within(drawer).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Dim Sum', 'Noodles', 'Soups']);
    fireEvent.click(within(drawer).getByRole('link', { name: 'Soups' }));
    await waitFor(() => expect(window.location.hash).toBe('#c-soups'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.id).toBe('c-soups');
  });

  it('shows no scroll hint when there is nothing more to scroll', () => {
    render(<CategoryBar categories={categories} />);
    expect(screen.queryByRole('button', { name: /Scroll categories/ })).toBeNull();
  });
});

describe('CategorySidebar', () => {
  it('is titled Categories and uses the same anchors', () => {
    render(<CategorySidebar categories={categories} />);
    const sidebar = screen.getByRole('complementary', { name: 'Categories' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#c-dimsum', '#c-noodles', '#c-soups']);
  });
});
