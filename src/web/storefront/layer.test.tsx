// Issue 25: the store page's open layer lives in the query of the route the diner came by
// (./layer.ts); a shared item link opens the item, and a checkout link whose cart cannot check
// out shows the menu (spec §4 "Cart and checkout").
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartView } from '../../contract/cart.js';
import { businessInfo, cartAnswer, cartLine, category, menuItem } from '../test-data/store.js';
import { jsonResponse, renderRoute } from '../test-data/render.js';
import { markEntrySeen } from './entry/entry.js';
import { readLayer, writeLayer } from './layer.js';

describe('the layer in the query', () => {
  it('reads ?item=, ?view=cart and ?view=checkout; anything else is the menu', () => {
    const read = (q: string) => readLayer(new URLSearchParams(q));
    expect(read('item=i2')).toEqual({ kind: 'item', itemId: 'i2' });
    expect(read('view=cart')).toEqual({ kind: 'cart' });
    expect(read('view=checkout')).toEqual({ kind: 'checkout' });
    expect(read('view=elsewhere')).toEqual({ kind: 'menu' });
    expect(read('item=')).toEqual({ kind: 'menu' });
    expect(read('')).toEqual({ kind: 'menu' });
  });

  it("writes one layer and keeps the link's other parameters", () => {
    const q = new URLSearchParams('resetToken=abc&item=i2');
    expect(writeLayer(q, { kind: 'checkout' }).toString()).toBe('resetToken=abc&view=checkout');
    expect(writeLayer(q, { kind: 'menu' }).toString()).toBe('resetToken=abc');
    expect(
      writeLayer(new URLSearchParams('view=cart'), { kind: 'item', itemId: 'x' }).toString(),
    ).toBe('item=x');
    // The query it was given is not changed.
    expect(q.toString()).toBe('resetToken=abc&item=i2');
  });
});

// Lazy chunks transformed on first use, the notice's idle steps: seconds on a busy machine.
const SLOW = { timeout: 10_000 };

let info = businessInfo({ homePageNotice: '' });
const categories = [category({ _id: 'c1', name: 'Dim Sum' })];
const items = [
  menuItem({ _id: 'i1', _idCategory: 'c1', name: 'Siu Mai', priceCents: 650 }),
  menuItem({ _id: 'i2', _idCategory: 'c1', name: 'Har Gow', priceCents: 695 }),
];
const line = cartLine({ _id: 'l1', name: 'Har Gow', lineTotalCents: 695 });

function serve(cart: CartView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/businessInfo')) return jsonResponse(200, info);
      if (url.endsWith('/categories7/merchantId/demo')) return jsonResponse(200, categories);
      if (url.includes('/items7/merchantId/demo/limit/10/items')) return jsonResponse(200, items);
      if (url.includes('/items7/merchantId/demo/items')) return jsonResponse(200, items);
      if (url.endsWith('/api/users/cookie')) return jsonResponse(200, { uid: 'diner-1' });
      if (url.includes('/shoppingCarts/merchantId/demo/userId/diner-1'))
        return jsonResponse(200, cart);
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    }),
  );
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/**
 * The app at `path`, with the browser's address there too: the store page checks that the
 * browser has not moved on to another page before it puts the menu in place of a layer.
 */
function at(path: string) {
  window.history.replaceState(null, '', path);
  return renderRoute(path);
}

describe('store page layers', () => {
  it('a shared item link opens that item; an unknown item shows the menu', async () => {
    markEntrySeen('demo', 'notice');
    serve(cartAnswer());
    at('/store/demo?item=i2');
    expect(await screen.findByRole('dialog', { name: 'Har Gow' }, SLOW)).toBeTruthy();
    cleanup();
    const where = at('/store/demo/dinein/T5?item=gone');
    await screen.findByRole('main', { name: 'Menu' });
    await waitFor(() => expect(where.search).toBe(''), SLOW);
    expect(where.pathname).toBe('/store/demo/dinein/T5');
  });

  it('a checkout link opens the checkout page in place of the menu', async () => {
    markEntrySeen('demo', 'notice');
    serve(cartAnswer({ orderItems: [line], cartButton: 'checkout' }));
    const where = at('/store/demo?view=checkout');
    const page = await screen.findByRole('main', { name: 'Checkout' }, SLOW);
    // The cart panel's lines head the order's summary; no Checkout button, no phone bar there.
    const cart = await within(page).findByRole('complementary', { name: 'Your cart' }, SLOW);
    expect(within(cart).getByRole('listitem', { name: 'Har Gow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Checkout/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^View cart/ })).toBeNull();
    // The menu stays on the page, hidden, for Back.
    expect(document.getElementById('menu')?.hidden).toBe(true);
    expect(where.search).toBe('?view=checkout');
  });

  for (const [what, cart] of [
    ['an empty cart', cartAnswer()],
    [
      'only unavailable items',
      cartAnswer({ orderItems: [{ ...line, available: false }], cartButton: 'removeUnavailable' }),
    ],
    [
      'a closed store',
      cartAnswer({ orderItems: [line], cartButton: 'storeClosed', storeOpen: false }),
    ],
  ] as const) {
    it(`a checkout link with ${what} shows the menu`, async () => {
      markEntrySeen('demo', 'notice');
      serve(cart);
      const where = at('/store/demo/dinein/T5?view=checkout');
      await waitFor(() => expect(where.search).toBe(''), SLOW);
      expect(where.pathname).toBe('/store/demo/dinein/T5');
      expect(screen.getByRole('main', { name: 'Menu' }).hidden).toBe(false);
      expect(screen.queryByRole('main', { name: 'Checkout' })).toBeNull();
    });
  }
});

describe('the arrival notice and the layers', () => {
  afterEach(() => {
    info = businessInfo({ homePageNotice: '' });
  });

  it('waits under a layer the diner arrived on, and shows once the menu is back', async () => {
    info = businessInfo({ homePageNotice: 'Welcome!' });
    serve(cartAnswer());
    at('/store/demo?item=i2');
    const item = await screen.findByRole('dialog', { name: 'Har Gow' }, SLOW);
    // The notice would have opened by now over the menu (StorePage.test); it waits for the item.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(screen.queryByRole('dialog', { name: 'Golden Lotus' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Close' }));
    const notice = await screen.findByRole('dialog', { name: 'Golden Lotus' }, SLOW);
    expect(within(notice).getByText('Welcome!')).toBeTruthy();
  }, 30_000);

  it('does not open over a password-reset link', async () => {
    info = businessInfo({ homePageNotice: 'Welcome!' });
    serve(cartAnswer());
    const where = at('/store/demo?resetToken=abc');
    const reset = await screen.findByRole('dialog', { name: 'Choose a new password' }, SLOW);
    // Long enough for the notice to open without the rule (it waits for idle moments and its
    // chunk beside the account modal's).
    await new Promise((r) => setTimeout(r, 3_000));
    expect(screen.queryByRole('dialog', { name: 'Golden Lotus' })).toBeNull();
    fireEvent.click(within(reset).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(where.search).toBe(''), SLOW);
    expect(await screen.findByRole('dialog', { name: 'Golden Lotus' }, SLOW)).toBeTruthy();
  }, 30_000);
});
