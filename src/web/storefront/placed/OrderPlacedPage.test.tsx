// The order-placed page follows its order live (issue 12): the status the order's stream pushes
// replaces the one read with the order, a change of state reads the whole order again, and with no
// stream to be had the page says what it read.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
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
    reads = [order(), order({ state: 'voided', hasVoid: true, live: cancelled })];
    show();
    await screen.findByTestId('order-status');
    await act(() => FakeEventSource.open[0]!.push({ state: 'voided', live: cancelled }));
    await screen.findByRole('heading', { name: 'This order was cancelled.' });
    expect(screen.getByTestId('order-status').textContent).toBe('Cancelled');
    expect(fetchMock).toHaveBeenCalledTimes(2);
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
