// The order-placed page follows its order live (issue 12): the status the order's stream pushes
// replaces the one read with the order, a change of state reads the whole order again, and with no
// stream to be had the page says what it read.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPlacedView, PlacedOrderStreamEvent } from '../../../contract/orders.js';
import { OrderPlacedPage } from './OrderPlacedPage.js';

const ID = '8d7f8f52-6d84-4a4c-9a59-2a0b1f3c1e11';
const zero = {
  subtotalCents: 1000,
  taxCents: 0,
  tipsCents: 0,
  fixedTipsCents: 0,
  discountCents: 0,
  processingFeeCents: 0,
  serviceFeeCents: 0,
  deliveryFeeCents: 0,
  roomServiceDeliveryFeeCents: 0,
  totalCents: 1000,
};
const order = (over: Partial<OrderPlacedView> = {}): OrderPlacedView => ({
  _id: ID,
  state: 'placed',
  stage: 'placed',
  orderId: 12,
  dailyOrderId: 3,
  orderSaveDate: '2026-05-12T15:00:00.000Z',
  orderMethod: 'pickup',
  paymentMethod: 'cash',
  paid: false,
  hasVoid: false,
  dineinTableName: '',
  scheduleDate: '',
  scheduleTimeStr: '',
  willBeReadyInMinutes: null,
  readyTime: { kind: 'range', text: '15-20 min' },
  live: { status: 'received', readyAt: null, text: 'Received' },
  customerName: 'Ada',
  orderItems: [],
  amounts: zero,
  merchant_info: { merchantId: 'demo', name: 'Golden Dragon', logoUrl: null, phone: '' },
  orderPreparingNotice: '',
  handover: { kind: 'store', name: 'Golden Dragon', address: '52 Mott Street, New York, NY 10013' },
  customerInfoCollect: null,
  ...over,
});

/** A stand-in for the browser's EventSource: the test pushes events into the open ones. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static open: FakeEventSource[] = [];
  readyState = 1;
  private readonly listeners = new Map<string, ((e: MessageEvent | Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent | Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  push(data: PlacedOrderStreamEvent) {
    for (const fn of this.listeners.get('status') ?? [])
      fn(new MessageEvent('status', { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    FakeEventSource.open = FakeEventSource.open.filter((s) => s !== this);
  }
}

let reads: OrderPlacedView[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  FakeEventSource.open = [];
  reads = [];
  fetchMock = vi.fn(async () => {
    const next = reads.length > 1 ? reads.shift()! : reads[0]!;
    return new Response(JSON.stringify(next), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/store/demo/order_placed/${ID}`]}>
        <Routes>
          <Route path="/store/:merchantId/order_placed/:orderId" element={<OrderPlacedPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('OrderPlacedPage live status', () => {
  it('shows each status the stream pushes, in a live region', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    reads = [order()];
    show();
    expect((await screen.findByTestId('order-status')).textContent).toBe('Received');
    expect(screen.getByRole('status').textContent).toBe('Status Received');
    const [source] = FakeEventSource.open;
    expect(source!.url).toBe(`/api/orderPlaced/merchantId/demo/order/_id/${ID}/stream`);
    const push = (live: PlacedOrderStreamEvent['live']) =>
      act(() => source!.push({ state: 'placed', live }));
    await push({ status: 'confirmed', readyAt: null, text: 'Confirmed' });
    expect(screen.getByTestId('order-status').textContent).toBe('Confirmed');
    await push({
      status: 'ready_at',
      readyAt: '2026-05-12T15:25:00.000Z',
      text: 'Ready at 10:25 AM',
    });
    expect(screen.getByTestId('order-status').textContent).toBe('Ready at 10:25 AM');
    await push({ status: 'ready', readyAt: null, text: 'Ready' });
    expect(screen.getByTestId('order-status').textContent).toMatch(/^Ready$/);
    // Only the first read went to the server: the stream carried the rest.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the order again when its state changes (voided), and says so', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const cancelled = { status: 'cancelled', readyAt: null, text: 'Cancelled' } as const;
    reads = [order(), order({ state: 'voided', stage: 'voided', hasVoid: true, live: cancelled })];
    const client = show();
    await screen.findByTestId('order-status');
    await act(() => FakeEventSource.open[0]!.push({ state: 'voided', live: cancelled }));
    await screen.findByRole('heading', { name: 'This order was cancelled.' });
    expect(screen.getByTestId('order-status').textContent).toBe('Cancelled');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The second read's last state update (the query settling) lands before the test ends, not
    // after cleanup, where React warns that the environment does not support act (seen in CI).
    await waitFor(() => expect(client.isFetching()).toBe(0));
  });

  it('closes the stream when the page is left', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    reads = [order()];
    show();
    await screen.findByTestId('order-status');
    expect(FakeEventSource.open).toHaveLength(1);
    cleanup();
    expect(FakeEventSource.open).toHaveLength(0);
  });
});

describe('OrderPlacedPage says one thing at a time (issue 25)', () => {
  it('the estimate by method gives way to the ready time as soon as the merchant sets one', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    reads = [order({ readyTime: { kind: 'range', text: '15-25 min' } })];
    show();
    const method = await screen.findByTestId('order-method');
    expect(method.textContent).toBe('Pickup — 15-25 min');
    await act(() =>
      FakeEventSource.open[0]!.push({
        state: 'placed',
        live: { status: 'ready_at', readyAt: '2026-05-12T22:01:00.000Z', text: 'Ready at 6:01 PM' },
      }),
    );
    expect(screen.getByTestId('order-status').textContent).toBe('Ready at 6:01 PM');
    expect(screen.getByTestId('order-method').textContent).toBe('Pickup');
    expect(screen.queryByText(/15-25 min/)).toBeNull();
    await act(() =>
      FakeEventSource.open[0]!.push({
        state: 'placed',
        live: { status: 'ready', readyAt: null, text: 'Ready' },
      }),
    );
    expect(screen.queryByText(/15-25 min/)).toBeNull();
  });

  it('shows the pickup address with a map link, and the store phone as (xxx)xxx-xxxx', async () => {
    reads = [
      order({
        merchant_info: {
          merchantId: 'demo',
          name: 'Golden Dragon',
          logoUrl: null,
          phone: '2125550188',
        },
      }),
    ];
    show();
    await screen.findByTestId('order-status');
    expect(screen.getByText(/52 Mott Street, New York, NY 10013/)).toBeTruthy();
    const map = screen.getByRole('link', { name: 'Open in Maps' });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=52%20Mott%20Street%2C%20New%20York%2C%20NY%2010013',
    );
    const phone = screen.getByRole('link', { name: '(212)555-0188' });
    expect(phone.getAttribute('href')).toBe('tel:+12125550188');
    expect(screen.queryByText(/2125550188/)).toBeNull();
  });

  it('shows the delivery address for a delivery, and no map link', async () => {
    reads = [
      order({
        orderMethod: 'delivery',
        handover: { kind: 'delivery', name: '', address: '100 Centre Street, New York, NY' },
      }),
    ];
    show();
    await screen.findByTestId('order-status');
    expect(screen.getByText(/Delivery to/).parentElement?.textContent).toBe(
      'Delivery to 100 Centre Street, New York, NY',
    );
    expect(screen.queryByRole('link', { name: 'Open in Maps' })).toBeNull();
  });

  it('puts "Stay in touch" in the page below the status, not in a dialog over it', async () => {
    reads = [order({ customerInfoCollect: { enabled: true, noticeMsg: 'Join our list!' } })];
    show();
    // The flow is a lazy chunk: its first import in this run takes a moment.
    const region = await screen.findByRole(
      'region',
      { name: 'Stay in touch' },
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getByTestId('order-status');
    // The status comes first in the page.
    expect(status.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(region).getByText('Join our list!')).toBeTruthy();
  });

  it('V5.102: the customer-info phone keeps digits only as typed, and is judged when left', async () => {
    sessionStorage.clear();
    reads = [order({ customerInfoCollect: { enabled: true, noticeMsg: 'Join our list!' } })];
    show();
    const region = await screen.findByRole(
      'region',
      { name: 'Stay in touch' },
      { timeout: 10_000 },
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Enroll' }));
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    fireEvent.change(phone, { target: { value: '555-123-4567' } });
    expect((phone as HTMLInputElement).value).toBe('5551234567');
    expect(phone.getAttribute('inputmode')).toBe('tel');
    fireEvent.change(phone, { target: { value: '555-123-456' } });
    fireEvent.blur(phone);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid phone format')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '5551234567' } });
    expect(screen.queryByText('Invalid phone format')).toBeNull();
  });
});
