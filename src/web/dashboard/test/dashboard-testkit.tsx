// What the dashboard's tests share: a merchant order as the API sends it, a fetch that answers by
// method and path, a stand-in EventSource, and the browser pieces jsdom lacks (media, print,
// element sizes for the virtualised list).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type {
  MerchantOrderView,
  OrderListAnswer,
  OrderStreamEvent,
} from '../../../contract/merchant-orders.js';
import {
  merchantBusinessInfo,
  type MerchantBusinessInfo,
} from '../../../contract/store-settings.js';
import { jsonResponse } from '../../test-data/render.js';
import { businessInfo } from '../../test-data/store.js';
import { FlashProvider } from '../components/Flash.js';
import { resetBellForTests } from '../live/bell-audio.js';

let n = 0;
export function orderView(over: Partial<MerchantOrderView> = {}): MerchantOrderView {
  n += 1;
  const hex = n.toString(16).padStart(12, '0');
  return {
    _id: `8d7f8f52-6d84-4a4c-9a59-${hex}`,
    state: 'placed',
    stage: 'placed',
    dueAt: null,
    orderId: 100 + n,
    dailyOrderId: n,
    orderSaveDate: new Date().toISOString(),
    orderMethod: 'pickup',
    paymentMethod: 'creditcard',
    paid: true,
    hasVoid: false,
    paymentStatus: 'authorized',
    card: { cardType: 'VISA', last4: '1111' },
    dineinTableName: '',
    carMakeModel: '',
    carColor: '',
    roomServiceRoom: '',
    isBranch: false,
    customerName: 'Ada Lovelace',
    phone: '2125550177',
    customerEmail: '',
    customerAddrStr: '',
    receiveOrderInfo: false,
    deliveryNote: '',
    deliveryLocation: null,
    deliveryDistanceMiles: null,
    scheduleDate: '',
    scheduleTimeStr: '',
    willBeReadyInMinutes: null,
    readyTime: { kind: 'range', text: '15-20 min' },
    hasBeenRead: false,
    hasPrintedToKitchen: false,
    hasSentOrderTimeSMS: false,
    promoCode: null,
    amounts: {
      subtotalCents: 1900,
      taxCents: 168,
      tipsCents: 190,
      fixedTipsCents: 0,
      discountCents: 0,
      processingFeeCents: 0,
      serviceFeeCents: 0,
      deliveryFeeCents: 0,
      roomServiceDeliveryFeeCents: 0,
      totalCents: 2258,
    },
    orderItems: [
      {
        name: 'Kung Pao Chicken',
        name_2nd: '宫保鸡丁',
        size: 'Large',
        size_2nd: '',
        qty: 2,
        priceCents: 950,
        orderItemOptions: [{ name: 'Extra spicy', name_2nd: '', priceCents: 0 }],
        note: 'No peanuts',
        lineTotalCents: 1900,
        isFreePromo: false,
      },
    ],
    ...over,
  };
}

export function listAnswer(
  orders: MerchantOrderView[],
  nextCursor: number | null = null,
): OrderListAnswer {
  return {
    orders,
    totals: {
      totalSaleCents: orders.reduce((s, o) => s + o.amounts.totalCents, 0),
      orders: orders.length,
    },
    counts: {
      new: orders.filter((o) => o.stage === 'placed').length,
      in_progress: orders.filter((o) => o.stage === 'accepted').length,
      ready: orders.filter((o) => o.stage === 'ready').length,
      done: orders.filter((o) => o.stage === 'completed').length,
      cancelled: orders.filter((o) => o.stage === 'cancelled' || o.stage === 'voided').length,
      all: orders.length,
    },
    nextCursor,
  };
}

/** The merchant's own settings (GET .../businessInfo/settings), checked by the contract's schema. */
export const SETTINGS: MerchantBusinessInfo = merchantBusinessInfo.parse({
  ...businessInfo(),
  email: 'hello@goldenlotus.example',
  enableReceivingOrderPlacedSms: false,
  enableOrderTimeConfirmSms: true,
  emailReceivingNotification: ['orders@goldenlotus.example'],
  customerInfoCollect: null,
  dineinTables: ['T1', 'Patio 2'],
  paymentProviders: ['sandbox', 'cardPointe'],
  settingsVersion: 1,
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * A fetch answering `METHOD /path` (regex on the path) from `routes`; every call is recorded.
 * Anything else answers 404, so a missing route shows up in the test rather than hanging.
 */
export function mockApi(routes: [string, RegExp, Handler][]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const route = routes.find(([m, re]) => m === method && re.test(url.pathname));
    if (!route) return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    return route[2](url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A stand-in for the browser's EventSource: the test pushes events into the open ones. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static open: FakeEventSource[] = [];
  readyState = 0;
  private readonly listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(name: string, fn: (e: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, event: Event) {
    for (const fn of this.listeners.get(name) ?? []) fn(event);
  }
  push(data: OrderStreamEvent) {
    this.emit('order', new MessageEvent('order', { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    FakeEventSource.open = FakeEventSource.open.filter((s) => s !== this);
  }
}

/** The media, print and layout pieces jsdom does not implement. */
export function stubBrowser({ soundAllowed = true }: { soundAllowed?: boolean } = {}) {
  const media = {
    allowed: soundAllowed,
    play: vi.fn(function (this: HTMLMediaElement) {
      if (!media.allowed) return Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
      Object.defineProperty(this, 'paused', { configurable: true, value: false });
      return Promise.resolve();
    }),
    pause: vi.fn(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: true });
    }),
  };
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(media.play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(media.pause);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  const print = vi.fn();
  vi.stubGlobal('print', print);
  // The order list's scroll box: jsdom lays nothing out, so give it a screen's height.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(340);
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  resetBellForTests();
  return { media, print };
}

/** A component inside the dashboard's providers at `path`. */
export function renderDashboardPart(children: ReactNode, path = '/merchant/merchantId/demo') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <FlashProvider>
          <Routes>
            <Route path="/merchant/merchantId/:merchantId" element={children} />
          </Routes>
        </FlashProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}
