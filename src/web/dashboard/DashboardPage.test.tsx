// The dashboard's frame (issue 13; spec §2 "Merchant dashboard", §4): the sign-in gate, the panes,
// sign-out, the order bell's banner, and new orders arriving live (the stream, and the 10-second
// latestOrder poll) with the bell modal and its looping sound.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MerchantOrderView } from '../../contract/merchant-orders.js';
import { jsonResponse, LAZY, renderRoute } from '../test-data/render.js';
import {
  type Call,
  FakeEventSource,
  listAnswer,
  mockApi,
  orderView,
  SETTINGS,
  stubBrowser,
} from './test/dashboard-testkit.js';

const BASE = '/api/orders7/merchantId/demo';
let orders: MerchantOrderView[];
let latest: { orderId: number | null; _id: string | null };
let calls: Call[];
let browser: ReturnType<typeof stubBrowser>;
let signedIn: boolean;
let logoutFails: boolean;

function api() {
  calls = mockApi([
    [
      'GET',
      /^\/api\/merchantUsers\/isAuth$/,
      () => jsonResponse(200, signedIn ? { isAuth: true, merchantId: 'demo' } : { isAuth: false }),
    ],
    [
      'POST',
      /^\/api\/merchantUsers\/merchantLogout$/,
      () =>
        logoutFails
          ? jsonResponse(500, { code: 'internal', message: 'x' })
          : jsonResponse(200, { success: true }),
    ],
    ['GET', /\/businessInfo\/settings$/, () => jsonResponse(200, SETTINGS)],
    ['GET', new RegExp(`^${BASE}/latestOrder$`), () => jsonResponse(200, latest)],
    ['GET', new RegExp(`^${BASE}/orders$`), () => jsonResponse(200, listAnswer(orders))],
    [
      'GET',
      /\/order\/_id\/[^/]+$/,
      (url) =>
        jsonResponse(
          200,
          orders.find((o) => url.pathname.endsWith(o._id)),
        ),
    ],
  ]);
}

const audio = () => screen.getByTestId('order-bell-sound') as HTMLAudioElement;

beforeEach(() => {
  orders = [orderView({ hasBeenRead: true, customerName: 'Grace Hopper' })];
  latest = { orderId: orders[0]!.orderId, _id: orders[0]!._id };
  signedIn = true;
  logoutFails = false;
  browser = stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the dashboard frame', () => {
  it('sends a visitor without a session to the sign-in page (R2.9)', async () => {
    signedIn = false;
    api();
    const probe = renderRoute('/merchant/merchantId/demo');
    await waitFor(() => expect(probe.pathname).toBe('/merchant/login'), LAZY);
  });

  it('opens on the Orders pane and switches panes from the sidebar (S2.72, S2.73)', async () => {
    api();
    renderRoute('/merchant/merchantId/demo');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' }, LAZY);
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screen.findByRole('list', { name: 'Orders in range' }, LAZY);
    fireEvent.click(within(nav).getByRole('link', { name: 'Store' }));
    expect(await screen.findByRole('heading', { name: 'Store' }, LAZY)).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Store' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(within(nav).getByRole('link', { name: 'Menu' }));
    expect(await screen.findByRole('heading', { name: 'Menu' }, LAZY)).toBeTruthy();
  });

  it('signs out to the sign-in page, or says "Fail to signout" (S2.74, M8.21)', async () => {
    logoutFails = true;
    api();
    const probe = renderRoute('/merchant/merchantId/demo');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }, LAZY));
    expect((await screen.findByText('Fail to signout')).getAttribute('role')).toBe('alert');
    logoutFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(probe.pathname).toBe('/merchant/login'));
    expect(calls.filter((c) => c.url.pathname.endsWith('/merchantLogout'))).toHaveLength(2);
  });
});

describe('the order bell', () => {
  it('asks for a click until the browser allows sound, then turns on', async () => {
    browser.media.allowed = false;
    api();
    renderRoute('/merchant/merchantId/demo');
    const banner = await screen.findByRole(
      'button',
      { name: /Click to turn on the order bell/ },
      LAZY,
    );
    expect(screen.getByText('Order bell off')).toBeTruthy();
    browser.media.allowed = true;
    fireEvent.click(banner);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /turn on the order bell/ })).toBeNull(),
    );
    expect(screen.getByText('Order bell on')).toBeTruthy();
    expect(audio().paused).toBe(true);
  });

  it('opens the bell modal with a looping sound when the stream says an order was placed (T4.68–T4.70)', async () => {
    api();
    const probe = renderRoute('/merchant/merchantId/demo');
    await screen.findByRole('list', { name: 'Orders in range' }, LAZY);
    await waitFor(() => expect(screen.getByText('Order bell on')).toBeTruthy());
    const fresh = orderView({ customerName: 'Ada Lovelace' });
    orders = [fresh, ...orders];
    const stream = FakeEventSource.open[0]!;
    expect(stream.url).toBe(`${BASE}/orders/stream`);
    act(() => stream.push({ seq: 1, _id: fresh._id, kind: 'placed', at: fresh.orderSaveDate }));
    const modal = await screen.findByRole('dialog', { name: 'New order' }, LAZY);
    expect(modal.textContent).toContain('Ada Lovelace');
    await waitFor(() => expect(audio().paused).toBe(false));
    expect(audio().loop).toBe(true);
    // The list was read again: the new order is in it (behind the modal, hidden from the
    // accessibility tree while the modal is open).
    const list = screen.getByRole('list', { name: 'Orders in range', hidden: true });
    await waitFor(() =>
      expect(within(list).getAllByRole('button', { hidden: true })).toHaveLength(2),
    );
    // View order: the modal closes, the sound stops, the order is selected.
    fireEvent.click(within(modal).getByRole('button', { name: `View order #${fresh.orderId}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(audio().paused).toBe(true);
    expect(probe.pathname).toBe('/merchant/merchantId/demo');
    expect(
      await screen.findByRole('heading', { name: `Order #${fresh.orderId}` }, LAZY),
    ).toBeTruthy();
  });

  it('finds a new order by the 10-second latestOrder poll when the stream is down (T4.67)', async () => {
    vi.stubGlobal('EventSource', undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api();
    renderRoute('/merchant/merchantId/demo');
    await screen.findByRole('list', { name: 'Orders in range' }, LAZY);
    const polls = () => calls.filter((c) => c.url.pathname.endsWith('/latestOrder')).length;
    await waitFor(() => expect(polls()).toBe(1));
    const fresh = orderView({ customerName: 'Edsger Dijkstra' });
    orders = [fresh, ...orders];
    latest = { orderId: fresh.orderId, _id: fresh._id };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(polls()).toBe(2);
    const modal = await screen.findByRole('dialog', { name: 'New order' }, LAZY);
    expect(modal.textContent).toContain('Edsger Dijkstra');
    fireEvent.click(within(modal).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(audio().paused).toBe(true);
  });
});
