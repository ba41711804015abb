// The store page's arrival modals against a mocked API: notice (two lines at the break marker,
// the dine-in variant, 30-second hide), store location and Pickup or Delivery saved through
// PUT …/checkoutInfo (CHECKLIST S2.44, S2.46, S2.47, S2.48, T4.27, E3.43).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessInfo, cartAnswer, category } from '../../test-data/store.js';
import type { CartView } from '../../../contract/cart.js';
import { NoticeModal } from './EntryModals.js';
import { NOTICE_HIDE_MS } from './entry.js';
import { jsonResponse, LAZY, renderRoute } from '../../test-data/render.js';

const info = businessInfo({
  homePageNotice: 'Welcome!<br>Cash only',
  dineinNotice: 'Order from your table',
  enableBranch: true,
  branchName: 'Golden Lotus Flushing',
  branchAddress: {
    street: '41-28 Main Street',
    city: 'Flushing',
    state: 'NY',
    postalCode: '11355',
  },
  delivery: true,
});

function serve() {
  let cart: CartView = cartAnswer();
  const puts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/businessInfo')) return jsonResponse(200, info);
      if (url.endsWith('/categories7/merchantId/demo'))
        return jsonResponse(200, [category({ _id: 'c1', name: 'Soups' })]);
      if (url.includes('/items7/')) return jsonResponse(200, []);
      if (url === '/api/users/cookie') return jsonResponse(200, { uid: 'diner-1' });
      if (url.includes('/checkoutInfo/diner-1') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        cart = { ...cart, checkoutInfo: { ...cart.checkoutInfo, ...body } as never };
        return jsonResponse(200, cart);
      }
      if (url.endsWith('/userId/diner-1')) return jsonResponse(200, cart);
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    }),
  );
  return puts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('store page arrival', () => {
  it('shows the notice, then the location choice, then Pickup or Delivery, saving each', async () => {
    const puts = serve();
    renderRoute('/store/demo');

    const notice = await screen.findByRole('dialog', { name: 'Golden Lotus' }, LAZY);
    const lines = within(notice).getAllByText(/Welcome!|Cash only/);
    expect(lines.map((p) => p.tagName + ':' + p.textContent)).toEqual([
      'P:Welcome!',
      'P:Cash only',
    ]);
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));

    const location = await screen.findByRole(
      'dialog',
      { name: 'Choose your store location' },
      LAZY,
    );
    expect(await within(location).findByText('Selected')).toBeTruthy();
    fireEvent.click(within(location).getByRole('button', { name: /Golden Lotus Flushing/ }));

    const method = await screen.findByRole('dialog', { name: 'Pickup or Delivery?' }, LAZY);
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ isBranch: true, orderMethod: 'pickup' });
    expect(Object.keys(puts[0] ?? {})).toEqual(
      expect.arrayContaining(['paymentMethod', 'tip', 'time', 'dineinTableName']),
    );
    fireEvent.click(within(method).getByRole('button', { name: /^Delivery/ }));

    await screen.findByText('Delivery');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts[1]).toMatchObject({
      isBranch: true,
      orderMethod: 'delivery',
      tip: { kind: 'percent', ratePpm: 150_000 },
    });
    expect(screen.getByText('Golden Lotus Flushing')).toBeTruthy();
  });

  it('asks once per tab session; the Change buttons open the choices again', async () => {
    serve();
    sessionStorage.setItem(
      'forkful.storeEntry.demo',
      JSON.stringify({ notice: true, choices: true }),
    );
    renderRoute('/store/demo');
    const change = await screen.findByRole('button', { name: 'Change order method' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(change);
    const method = await screen.findByRole('dialog', { name: 'Pickup or Delivery?' }, LAZY);
    expect(
      within(method)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['×', expect.stringMatching(/^Pickup/), 'Delivery']);
  });

  it('at a table shows the dine-in notice instead of the home notice, and no method choice', async () => {
    serve();
    renderRoute('/store/demo/dinein/T5');
    const notice = await screen.findByRole('dialog', { name: 'Golden Lotus' }, LAZY);
    expect(within(notice).getByText('Order from your table')).toBeTruthy();
    expect(within(notice).queryByText('Welcome!')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change order method' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change location' })).toBeTruthy();
  });
});

describe('notice modal', () => {
  it('hides itself after 30 seconds', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<NoticeModal title="Golden Lotus" lines={['Welcome!']} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Golden Lotus' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(NOTICE_HIDE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows markup in a notice as text', () => {
    render(
      <NoticeModal title="N" lines={['<img src=x onerror=alert(1)>']} onClose={() => undefined} />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});
