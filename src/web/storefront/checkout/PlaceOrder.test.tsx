// Place the order in the browser (spec §4 "A guard blocks double submission"; §5 banners): one
// send per press however fast the presses come, the same key when the answer was lost, a new key
// after a refusal, and the declined card's banner that stays.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartAnswer, cartLine } from '../../test-data/store.js';
import { PlaceOrder } from './PlaceOrder.js';

const cart = cartAnswer({ orderItems: [cartLine({ _id: 'l1', name: 'Spring Rolls (2)' })] });
const placed = {
  _id: '8d7f8f52-6d84-4a4c-9a59-2a0b1f3c1e11',
  state: 'placed',
  orderId: 7,
  dailyOrderId: 2,
  totalCents: cart.amounts.totalCents,
  paymentMethod: 'cash',
  paid: false,
  card: null,
  replayed: false,
  message: null,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlaceOrder
          merchantId="demo"
          uid="u1"
          cart={cart}
          latestCart={() => Promise.resolve(cart)}
          zone="America/New_York"
          allowAmex
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /Place the order/ });
}

const keysSent = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/sendOrder/'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)).idempotencyKey as string);

describe('PlaceOrder', () => {
  it('sends once however many times it is pressed while the first is on its way', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((url: string) =>
      String(url).includes('/sendOrder/')
        ? new Promise<Response>((r) => (answer = r))
        : Promise.resolve(json(200, cart)),
    );
    const button = show();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(keysSent()).toHaveLength(1));
    await act(async () => answer(json(200, placed)));
    expect(keysSent()).toHaveLength(1);
  });

  it('retries a lost answer with the same key, and after a refusal the next press has a new key', async () => {
    fetchMock.mockImplementation((url: string) => {
      if (!String(url).includes('/sendOrder/')) return Promise.resolve(json(200, cart));
      const n = keysSent().length;
      if (n === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(
        json(400, {
          code: 'invalid_input',
          message: 'Please enter your valid phone number and your name to continue.',
          issues: [{ path: ['body', 'checkout', 'phone'], message: 'x' }],
        }),
      );
    });
    const button = show();
    fireEvent.click(button);
    await screen.findByText(/Please enter your valid phone number/, undefined, { timeout: 4_000 });
    const [first, second] = keysSent();
    expect(second).toBe(first);
    fireEvent.click(button);
    await waitFor(() => expect(keysSent()).toHaveLength(3));
    expect(keysSent()[2]).not.toBe(first);
  });

  it('keeps a declined card’s banner past 5 seconds; others go', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        String(url).includes('/sendOrder/')
          ? json(402, { code: 'payment_declined', message: 'Card declined', issues: [] })
          : json(200, cart),
      ),
    );
    const button = show();
    fireEvent.click(button);
    await screen.findByText('Card declined');
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByText('Card declined')).toBeTruthy();
  });
});
