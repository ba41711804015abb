// The Orders pane (issue 13; spec §2, §4, §5, §8): the list of the range with its bell marks and
// totals, the selected order's detail, selecting marks read, the range filter, the next page, and
// the actions with the spec's texts (checklist ids in the test names).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { jsonResponse, LAZY } from '../../test-data/render.js';
import {
  type Call,
  listAnswer,
  mockApi,
  orderView,
  renderDashboardPart,
  SETTINGS,
  stubBrowser,
} from '../test/dashboard-testkit.js';
import { OrdersPane } from './OrdersPane.js';

const BASE = '/api/orders7/merchantId/demo';
let orders: MerchantOrderView[];
let calls: Call[];
let browser: ReturnType<typeof stubBrowser>;

function api(extra: Parameters<typeof mockApi>[0] = []) {
  calls = mockApi([
    ...extra,
    ['GET', /\/businessInfo\/settings$/, () => jsonResponse(200, SETTINGS)],
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
    [
      'PUT',
      /\/order\/_idOrder\/[^/]+$/,
      (url, init) => {
        const o = orders.find((x) => url.pathname.endsWith(x._id))!;
        return jsonResponse(200, { ...o, ...(JSON.parse(String(init?.body)) as object) });
      },
    ],
  ]);
}

function renderPane(path = '/merchant/merchantId/demo') {
  return renderDashboardPart(<OrdersPane merchantId="demo" />, path);
}

const listOf = () => screen.findByRole('list', { name: 'Orders in range' });

beforeEach(() => {
  browser = stubBrowser();
  orders = [
    orderView({ customerName: 'Grace Hopper', hasBeenRead: false }),
    orderView({
      customerName: 'Alan Turing',
      hasBeenRead: true,
      paymentMethod: 'cash',
      paid: false,
      card: null,
      orderMethod: 'dinein',
      dineinTableName: 'T5',
    }),
  ];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the order list', () => {
  it('lists the range with a bell on unread orders and the totals (S2.77, S2.78, S2.85)', async () => {
    api();
    renderPane();
    const list = await listOf();
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Unread')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Unread')).toBeNull();
    expect(rows[1]!.textContent).toContain('Dine-in · Table T5');
    expect(rows[1]!.textContent).toContain('Unpaid');
    expect(screen.getByTestId('total-sale').textContent).toBe('$45.16');
    expect(screen.getByTestId('total-orders').textContent).toBe('2');
    // Today is asked for first.
    expect(
      calls.find((c) => c.url.pathname === `${BASE}/orders`)?.url.searchParams.get('range'),
    ).toBe('today');
  });

  it('says "No Data Found" for an empty range (M8.8)', async () => {
    orders = [];
    api();
    renderPane();
    expect(await screen.findByText('No Data Found')).toBeTruthy();
  });

  it('asks for each range the filter offers (S2.76)', async () => {
    api();
    renderPane();
    await listOf();
    const select = screen.getByLabelText('Date range');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Today',
      'This Week',
      'This Month',
      'This Year',
      'Custom range',
      'All Period',
    ]);
    fireEvent.change(select, { target: { value: 'week' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('range') === 'week')).toBe(true),
    );
    fireEvent.change(select, { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.searchParams.get('range') === 'custom' &&
            c.url.searchParams.get('from') === '2026-11-01' &&
            c.url.searchParams.get('to') === '2026-11-03',
        ),
      ).toBe(true),
    );
  });

  it('loads the next page with the cursor the API gave', async () => {
    const first = orders;
    const second = [orderView({ customerName: 'Barbara Liskov', hasBeenRead: true })];
    api([
      [
        'GET',
        new RegExp(`^${BASE}/orders$`),
        (url) =>
          jsonResponse(
            200,
            url.searchParams.get('before') === '7' ? listAnswer(second) : listAnswer(first, 7),
          ),
      ],
    ]);
    renderPane();
    const list = await listOf();
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(calls.some((c) => c.url.searchParams.get('before') === '7')).toBe(true);
    expect(screen.getByText(/Barbara Liskov/)).toBeTruthy();
  });

  it("keeps the previous filter's rows dimmed and unpickable until the new answer comes", async () => {
    let answerReady!: () => void;
    const ready = [orderView({ customerName: 'Edsger Dijkstra', hasBeenRead: true })];
    api([
      [
        'GET',
        new RegExp(`^${BASE}/orders$`),
        (url) =>
          url.searchParams.get('status') === 'ready'
            ? new Promise(
                (resolve) => (answerReady = () => resolve(jsonResponse(200, listAnswer(ready)))),
              )
            : jsonResponse(200, listAnswer(orders)),
      ],
    ]);
    renderPane();
    await listOf();
    const box = () => document.querySelector('.order-list')!;
    expect(box().hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Ready' }));
    // The In-progress rows are still drawn, but a tap on one must not select it.
    await waitFor(() => expect(box().getAttribute('aria-busy')).toBe('true'));
    expect(box().hasAttribute('inert')).toBe(true);
    expect(screen.getByText(/Grace Hopper/)).toBeTruthy();
    answerReady();
    await waitFor(() => expect(screen.getByText(/Edsger Dijkstra/)).toBeTruthy());
    expect(box().hasAttribute('aria-busy')).toBe(false);
    expect(box().hasAttribute('inert')).toBe(false);
  });
});

describe('the selected order', () => {
  it('shows its lines, amounts, method, customer and masked card, and marks it read (S2.75, T4.54)', async () => {
    api();
    renderPane();
    const list = await listOf();
    fireEvent.click(within(list).getByRole('button', { name: /Grace Hopper/ }));
    const detail = await screen.findByRole('region', { name: 'Selected order' });
    await within(detail).findByRole('heading', { name: `Order #${orders[0]!.orderId}` });
    const lines = within(detail).getByRole('list', { name: 'Order items' });
    expect(lines.textContent).toContain('2 ×');
    expect(lines.textContent).toContain('Kung Pao Chicken');
    expect(lines.textContent).toContain('(Large)');
    expect(lines.textContent).toContain('+ Extra spicy');
    expect(lines.textContent).toContain('Note: No peanuts');
    expect(detail.textContent).toContain('VISA •••• 1111');
    expect(detail.textContent).toContain('(212)555-0177');
    expect(detail.textContent).toContain('$22.58');
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith(orders[0]!._id))?.body,
      ).toEqual({ hasBeenRead: true }),
    );
    // The bell mark goes once the server says read (T4.55).
    await waitFor(() =>
      expect(
        within(within(list).getByRole('button', { name: /Grace Hopper/ })).queryByText('Unread'),
      ).toBeNull(),
    );
  });

  it('does not mark an order that is already read, and shows an unpaid cash order (T4.57)', async () => {
    api();
    renderPane(`/merchant/merchantId/demo?order=${orders[1]!._id}`);
    const detail = await screen.findByRole('region', { name: 'Selected order' });
    await within(detail).findByRole('heading', { name: `Order #${orders[1]!.orderId}` });
    expect(within(detail).getAllByText('Unpaid').length).toBeGreaterThan(0);
    expect(detail.textContent).toContain('Cash');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // No card: no transaction is asked for, so no void or tip adjustment (T4.60).
    expect(within(detail).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(
      calls.some((c) => c.url.pathname.includes('/api/transactions/merchantId/demo/orderId/')),
    ).toBe(false);
  });

  it('opens the delivery map of a delivery order (spec §2 delivery map modal)', async () => {
    orders[1] = {
      ...orders[1]!,
      orderMethod: 'delivery',
      customerAddrStr: '100 Centre Street, New York, NY 10013',
      deliveryLocation: { lat: 40.7142, lng: -74.0019 },
      deliveryDistanceMiles: 0.4,
    };
    api([
      [
        'GET',
        /\/api\/utils\/mapSettings$/,
        () => jsonResponse(200, { tileUrl: null, attribution: '' }),
      ],
    ]);
    renderPane(`/merchant/merchantId/demo?order=${orders[1]!._id}`);
    const detail = await screen.findByRole('region', { name: 'Selected order' });
    fireEvent.click(await within(detail).findByRole('button', { name: 'Delivery map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery map' });
    expect(dialog.textContent).toContain('100 Centre Street, New York, NY 10013 (0.4 mi)');
  });

  it('shows "Fail to update order." when marking read fails (M8.17)', async () => {
    api([
      ['PUT', /\/order\/_idOrder\//, () => jsonResponse(500, { code: 'internal', message: 'x' })],
    ]);
    renderPane(`/merchant/merchantId/demo?order=${orders[0]!._id}`);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Fail to update order.'),
    );
  });
});

describe('the actions', () => {
  const open = async (id: string) => {
    renderPane(`/merchant/merchantId/demo?order=${id}`);
    const detail = await screen.findByRole('region', { name: 'Selected order' });
    await within(detail).findByRole('heading', { level: 2 });
    return detail;
  };

  it('prints the kitchen ticket, then marks the order printed once the dialog closes (T4.56)', async () => {
    orders[0]!.hasBeenRead = true;
    let ticket = '';
    browser.print.mockImplementation(() => {
      ticket = document.querySelector('.kitchen-ticket')?.textContent ?? '';
    });
    api();
    const detail = await open(orders[0]!._id);
    fireEvent.click(within(detail).getByRole('button', { name: 'Print to kitchen' }));
    await waitFor(() => expect(browser.print).toHaveBeenCalledTimes(1));
    expect(ticket).toContain(`Order #${orders[0]!.orderId}`);
    expect(ticket).toContain('Kung Pao Chicken');
    expect(ticket).not.toContain('$');
    // Printed when the print dialog closes (afterprint), not when print() is called.
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();
    fireEvent(window, new Event('afterprint'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ hasPrintedToKitchen: true }),
    );
    expect(document.querySelector('.kitchen-ticket')).toBeNull();
  });

  it('offers the eight quick picks and refuses empty or invalid minutes (S2.86, M8.14, V5.67, V5.68)', async () => {
    orders[0]!.hasBeenRead = true;
    api([
      [
        'POST',
        /\/sendOrderTimeSMS$/,
        () =>
          jsonResponse(200, {
            hasSentOrderTimeSMS: true,
            text: 'queued',
            order: { ...orders[0]!, willBeReadyInMinutes: 15, hasSentOrderTimeSMS: true },
          }),
      ],
    ]);
    const detail = await open(orders[0]!._id);
    fireEvent.click(within(detail).getByRole('button', { name: 'Ready time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ready-time notice' }, LAZY);
    const picks = within(within(dialog).getByRole('group', { name: 'Quick picks' })).getAllByRole(
      'button',
    );
    expect(picks.map((b) => b.textContent)).toEqual(
      ['5', '10', '15', '20', '25', '30', '35', '40'].map((m) => `${m} min`),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send text' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Fail to send SMS [Empty minutes selected]',
    );
    const minutes = within(dialog).getByLabelText('Minutes until ready (0 = Ready)');
    fireEvent.change(minutes, { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send text' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid');
    fireEvent.change(minutes, { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send text' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ready (0 min)' }));
    expect(
      within(dialog).getByText('The order will show as Ready.', { exact: false }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '15 min' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send text' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        _id: orders[0]!._id,
        willBeReadyInMinutes: 15,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Updated');
    expect(await within(detail).findByText('Text sent')).toBeTruthy();
  });

  it('shows the failure text when the ready-time text is refused (M8.15)', async () => {
    orders[0]!.hasBeenRead = true;
    api([
      [
        'POST',
        /\/sendOrderTimeSMS$/,
        () =>
          jsonResponse(409, {
            code: 'conflict',
            message: 'Fail to send Text Message / Please try later',
            issues: [{ path: [], message: 'This order was already texted' }],
          }),
      ],
    ]);
    const detail = await open(orders[0]!._id);
    fireEvent.click(within(detail).getByRole('button', { name: 'Ready time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ready-time notice' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: '20 min' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send text' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Fail to send Text Message / Please try later (This order was already texted)',
      ),
    );
  });

  const transaction = (over: object = {}) => ({
    _id: 'c0ffee00-0000-4000-8000-000000000001',
    transactionId: 'c0ffee00-0000-4000-8000-000000000001',
    orderId: orders[0]!._id,
    orderNumber: orders[0]!.orderId,
    provider: 'sandbox',
    operation: 'auth',
    status: 'approved',
    amountCents: 2258,
    tipCents: 190,
    retref: 'R1',
    authCode: 'A1',
    cardNumber: '************1111',
    cardType: 'VISA',
    paid: true,
    hasVoid: false,
    canVoid: true,
    canAdjustTips: true,
    createdAt: new Date().toISOString(),
    ...over,
  });

  it('refuses empty adjusted tips and shows the failure text (V5.70, M8.16)', async () => {
    orders[0]!.hasBeenRead = true;
    api([
      [
        'GET',
        /\/api\/transactions\/merchantId\/demo\/orderId\//,
        () => jsonResponse(200, transaction()),
      ],
      [
        'PUT',
        /\/api\/transactions\/merchantId\/demo\/transactionId\/[^/]+$/,
        () =>
          jsonResponse(402, { code: 'payment_declined', message: 'Fail to adjust tips amount' }),
      ],
    ]);
    const detail = await open(orders[0]!._id);
    fireEvent.click(await within(detail).findByRole('button', { name: 'Adjust tips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip adjustment' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust tips' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Adjusted Tips can not be empty');
    fireEvent.change(within(dialog).getByLabelText('Adjusted Tips ($)'), {
      target: { value: 'x' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust tips' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid');
    expect(
      calls.some((c) => c.method === 'PUT' && c.url.pathname.includes('/transactionId/')),
    ).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Adjusted Tips ($)'), {
      target: { value: '5' },
    });
    expect(within(dialog).getByText('New total: $25.68')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust tips' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Fail to adjust tips amount'),
    );
    const sent = calls.find(
      (c) => c.method === 'PUT' && c.url.pathname.includes('/transactionId/'),
    );
    expect(sent?.body).toEqual({ adjustedTips: '5', amountCents: 2568 });
  });

  it('voids after a confirmation, and says so when the void fails (T4.58, M8.19)', async () => {
    orders[0]!.hasBeenRead = true;
    let fail = true;
    api([
      [
        'GET',
        /\/api\/transactions\/merchantId\/demo\/orderId\//,
        () => jsonResponse(200, transaction()),
      ],
      [
        'PUT',
        /\/transactionId\/[^/]+\/void$/,
        () =>
          fail
            ? jsonResponse(502, { code: 'upstream_unavailable', message: 'Fail to void order' })
            : jsonResponse(200, transaction({ hasVoid: true, canVoid: false })),
      ],
    ]);
    const detail = await open(orders[0]!._id);
    fireEvent.click(await within(detail).findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Void order #/ }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void order' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Fail to void order'),
    );
    fail = false;
    orders[0] = { ...orders[0]!, hasVoid: true, state: 'voided' };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(detail).findByText('VOID')).toBeTruthy();
  });

  it('offers no void or tip adjustment where the server says the order allows none (T4.59, T4.61–T4.63)', async () => {
    orders[0]!.hasBeenRead = true;
    api([
      [
        'GET',
        /\/api\/transactions\/merchantId\/demo\/orderId\//,
        () => jsonResponse(200, transaction({ canVoid: false, canAdjustTips: false })),
      ],
    ]);
    const detail = await open(orders[0]!._id);
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname.includes('/api/transactions/merchantId/demo/orderId/')),
      ).toBe(true),
    );
    await act(async () => {});
    expect(within(detail).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Adjust tips' })).toBeNull();
  });

  it('offers no ready time for an order of another day (T4.65)', async () => {
    orders[0] = { ...orders[0]!, hasBeenRead: true, orderSaveDate: '2020-01-02T15:00:00.000Z' };
    api();
    const detail = await open(orders[0]!._id);
    await waitFor(() =>
      expect(within(detail).getByRole('button', { name: 'Print to kitchen' })).toBeTruthy(),
    );
    expect(within(detail).queryByRole('button', { name: 'Ready time' })).toBeNull();
  });
});
