import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markEntrySeen } from './entry/entry.js';
import { businessInfo, category, menuItem } from '../test-data/store.js';
import { jsonResponse, LAZY, renderRoute } from '../test-data/render.js';
import type { CategoryView, PublicItemView } from '../../contract/menu.js';
// Loaded up front, as in a browser that already has the modals' chunk: the notice could then
// open at once, and only the store page's own waiting holds it back.
import './entry/EntryModals.js';

const info = businessInfo({ homePageNotice: 'Welcome!<br>Cash only' });
const categories = [
  category({ _id: 'c1', name: 'Dim Sum', name_2nd: '点心' }),
  category({ _id: 'c2', name: 'Soups', name_2nd: '汤' }),
];
const item = (id: string, cat: string, name: string, priceCents: number) =>
  menuItem({ _id: id, _idCategory: cat, name, priceCents });
const items = [item('i1', 'c2', 'Wonton Soup', 850), item('i2', 'c1', 'Har Gow', 695)];

function serve(
  menu: { categories: CategoryView[]; items: PublicItemView[] } = { categories, items },
  store = info,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/merchantId/demo/businessInfo')) return jsonResponse(200, store);
    if (url.includes('/businessInfo'))
      return jsonResponse(404, { code: 'not_found', message: 'Merchant not found' });
    if (url.endsWith('/categories7/merchantId/demo')) return jsonResponse(200, menu.categories);
    if (url.includes('/items7/merchantId/demo/limit/10/items'))
      return jsonResponse(200, menu.items.slice(0, 1));
    if (url.includes('/items7/merchantId/demo/items')) return jsonResponse(200, menu.items);
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('store page', () => {
  it('of a store the platform disabled says it is unavailable, with no menu and no arrival questions', async () => {
    serve(undefined, { ...info, unavailable: true });
    renderRoute('/store/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Lotus' })).toBeTruthy();
    const menu = screen.getByRole('main', { name: 'Menu' });
    expect(within(menu).getByRole('status').textContent).toBe(
      'This store is unavailable and is not taking orders.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // Not "Closed — opens 7:00 AM": it does not open at its hours.
    expect(screen.queryByText(/Open|Closed/)).toBeNull();
    expect(screen.queryByRole('article', { name: 'Wonton Soup' })).toBeNull();
    expect(screen.queryByRole('button', { name: /checkout/i })).toBeNull();
  });

  it("shows the merchant's name, notice and menu grouped under its categories", async () => {
    const fetchMock = serve();
    renderRoute('/store/demo');
    // The notice is a modal (storefront/entry), its lines split at the break marker; while it is
    // open the page behind it is hidden from assistive technology.
    const notice = await screen.findByRole('dialog', { name: 'Golden Lotus' }, LAZY);
    expect(within(notice).getByText('Welcome!')).toBeTruthy();
    expect(within(notice).getByText('Cash only')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Lotus' })).toBeTruthy();
    const soups = await screen.findByRole('region', { name: 'Soups' });
    expect(await within(soups).findByRole('article', { name: 'Wonton Soup' })).toBeTruthy();
    expect(within(soups).getByText('$8.50')).toBeTruthy();
    const dimSum = screen.getByRole('region', { name: 'Dim Sum' });
    expect(within(dimSum).getByRole('article', { name: 'Har Gow' })).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/items7/merchantId/demo/limit/10/items');
    expect(urls).toContain('/api/items7/merchantId/demo/items');
  });

  it('opens the notice only once every section of the menu is on the page', async () => {
    // The first page of items covers the first category; the other sections are added one per
    // task after the full list arrives (MenuSections), and the notice waits for the last one.
    const many = Array.from({ length: 12 }, (_, i) =>
      category({ _id: `c${i}`, name: `Category ${i}`, sortOrder: i }),
    );
    serve({
      categories: many,
      items: many.map((c, i) => item(`i${i}`, c._id, `Dish ${i}`, 500 + i)),
    });
    renderRoute('/store/demo');
    await screen.findByRole('dialog', { name: 'Golden Lotus' }, LAZY);
    // Behind the modal the page is hidden from assistive technology, hence `hidden`.
    const menu = screen.getByRole('main', { name: 'Menu', hidden: true });
    const titles = within(menu)
      .getAllByRole('heading', { level: 2, hidden: true })
      .map((h) => h.textContent);
    expect(titles).toEqual(many.map((c) => c.name));
  });

  it('sends an unknown merchant to the site root, which shows the demo store', async () => {
    serve();
    markEntrySeen('demo', 'notice');
    const where = renderRoute('/store/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Lotus' })).toBeTruthy();
    expect(where.pathname).toBe('/store/demo');
  });

  it('shows the table name on a dine-in link', async () => {
    serve();
    renderRoute('/store/demo/dinein/T12');
    expect(await screen.findByText('T12')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Golden Lotus' })).toBeTruthy();
  });
});
