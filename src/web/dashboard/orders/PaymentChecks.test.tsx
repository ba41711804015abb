// Card payments to check in the Orders pane (docs/decisions/merchant-dashboard.md "Payments to
// check"): the notice above the list, the dialog with what the gateway's portal needs, and the
// merchant's answer sent and the row gone (or the refusal shown). The list of orders never waits
// for this call.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import type { PaymentCheckView } from '../../../contract/transactions.js';
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
const CHECKS = '/api/transactions/merchantId/demo/paymentChecks';
let orders: MerchantOrderView[];
let checks: PaymentCheckView[];
let calls: Call[];

const check = (over: Partial<PaymentCheckView> = {}): PaymentCheckView => ({
  _id: '5e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  // 16:05 UTC: 12:05 PM in New York, the merchant's zone (SETTINGS).
  createdAt: '2026-05-12T16:05:00.000Z',
  provider: 'tsys2',
  amountCents: 1070,
  customerName: 'Ada Diner',
  phone: '5551234567',
  cardLast4: null,
  reason: 'Outcome unknown and the gateway has no look-up: check it in the gateway portal',
  ...over,
});

type Route = Parameters<typeof mockApi>[0][number];

function api(extra: Route[] = []) {
  calls = mockApi([
    ...extra,
    ['GET', new RegExp(`^${CHECKS}$`), () => jsonResponse(200, { checks })],
    ['GET', /\/businessInfo\/settings$/, () => jsonResponse(200, SETTINGS)],
    ['GET', new RegExp(`^${BASE}/orders$`), () => jsonResponse(200, listAnswer(orders))],
  ]);
}

const renderPane = () => renderDashboardPart(<OrdersPane merchantId="demo" />);
// The first render of the pane loads its chunks: give it the lazy chunks' time.
const notice = () => screen.findByRole('region', { name: 'Card payments to check' }, LAZY);

async function openDialog() {
  fireEvent.click(within(await notice()).getByRole('button', { name: 'Review' }));
  return screen.findByRole('dialog', { name: 'Card payments to check' });
}

beforeEach(() => {
  stubBrowser();
  orders = [orderView({ customerName: 'Grace Hopper', hasBeenRead: true })];
  checks = [
    check(),
    check({
      _id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      createdAt: '2026-05-11T23:30:00.000Z',
      provider: 'authorizeNet',
      amountCents: 2258,
      customerName: 'Alan Turing',
      phone: '2125550177',
      cardLast4: '4242',
    }),
  ];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the notice of card payments to check', () => {
  it('says how many there are above the list', async () => {
    api();
    renderPane();
    expect((await notice()).textContent).toContain('2 card payments to check');
    // Above the list, in the sidebar.
    const list = await screen.findByRole('list', { name: 'Orders in range' });
    expect(
      (await notice()).compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says "1 card payment to check" for one', async () => {
    checks = [check()];
    api();
    renderPane();
    expect((await notice()).textContent).toContain('1 card payment to check');
  });

  it('shows nothing when there is nothing to check, or the call fails', async () => {
    checks = [];
    api();
    renderPane();
    await screen.findByRole('list', { name: 'Orders in range' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === CHECKS)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Card payments to check' })).toBeNull();
    cleanup();
    api([
      [
        'GET',
        new RegExp(`^${CHECKS}$`),
        () => jsonResponse(500, { code: 'internal', message: 'x' }),
      ],
    ]);
    renderPane();
    await screen.findByRole('list', { name: 'Orders in range' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === CHECKS)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Card payments to check' })).toBeNull();
    // No error shown for it (the pane's live regions stay empty).
    expect(screen.queryAllByRole('alert').filter((a) => a.textContent)).toEqual([]);
  });

  it('never holds up the order list', async () => {
    api([['GET', new RegExp(`^${CHECKS}$`), () => new Promise<Response>(() => {})]]);
    renderPane();
    const list = await screen.findByRole('list', { name: 'Orders in range' });
    expect(within(list).getByRole('button', { name: /Grace Hopper/ })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === CHECKS)).toBe(true);
  });
});

describe('the dialog of card payments to check', () => {
  it('lists each with its time, gateway, amount, customer, phone, card and order ref', async () => {
    api();
    renderPane();
    const dialog = await openDialog();
    const rows = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => r.textContent ?? '');
    expect(first).toContain('May 12, 12:05 PM'); // merchant-local
    expect(first).toContain('TSYS TransIT');
    expect(first).toContain('$10.70');
    expect(first).toContain('Ada Diner');
    expect(first).toContain('(555)123-4567');
    expect(first).toContain('Card number not known');
    expect(first).toContain(`Order ref ${checks[0]!._id}`);
    expect(first).toContain('check it in the gateway portal');
    expect(second).toContain('May 11, 7:30 PM');
    expect(second).toContain('Authorize.Net');
    expect(second).toContain('$22.58');
    expect(second).toContain('Card •••• 4242');
    // The ref alone in its own element, so it can be selected and pasted into the portal.
    expect(within(rows[0]!).getByText(checks[0]!._id).tagName).toBe('CODE');
  });

  it('sends "Not charged", takes the row out and updates the notice', async () => {
    let sent: unknown;
    api([
      [
        'PUT',
        new RegExp(`^${CHECKS}/[^/]+$`),
        (url, init) => {
          sent = JSON.parse(String(init?.body));
          const id = url.pathname.split('/').pop()!;
          checks = checks.filter((c) => c._id !== id);
          return jsonResponse(200, { _id: id, outcome: 'not_charged', paymentStatus: 'none' });
        },
      ],
    ]);
    renderPane();
    const dialog = await openDialog();
    const [first] = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    fireEvent.click(within(first!).getByRole('button', { name: /^Not charged: Ada Diner/ }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`${CHECKS}/5e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b`);
    expect(sent).toEqual({ outcome: 'not_charged' });
    expect(within(dialog).queryByText(/Ada Diner/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await notice()).textContent).toContain('1 card payment to check');
  });

  it('sends "Charge released" and says when all are checked', async () => {
    checks = [check()];
    api([
      [
        'PUT',
        new RegExp(`^${CHECKS}/[^/]+$`),
        (url) =>
          jsonResponse(200, {
            _id: url.pathname.split('/').pop(),
            outcome: 'released',
            paymentStatus: 'voided',
          }),
      ],
    ]);
    renderPane();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Charge released: / }));
    expect(await within(dialog).findByText('All card payments are checked.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ outcome: 'released' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Card payments to check' })).toBeNull(),
    );
  });

  it('shows a refusal in the dialog and reads the list again', async () => {
    api([
      [
        'PUT',
        new RegExp(`^${CHECKS}/[^/]+$`),
        () =>
          jsonResponse(409, {
            code: 'conflict',
            message: 'This card payment was already checked, or its outcome is known',
          }),
      ],
    ]);
    renderPane();
    const dialog = await openDialog();
    const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === CHECKS);
    const before = listCalls().length;
    fireEvent.click(within(dialog).getByRole('button', { name: /^Charge released: Ada Diner/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        `Could not record the check of order ref ${checks[0]!._id}: This card payment was already checked, or its outcome is known`,
      ),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });
});
