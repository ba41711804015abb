// The checkout's field-level messages (spec §5, checklist V5.1, V5.4, V5.7, V5.8, V5.12, V5.14,
// V5.15, V5.17): "Required" / "Invalid" beside the field, once the diner leaves it and for every
// field once Place the order is pressed, wired to the input (aria-invalid, aria-describedby).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessInfo, cartAnswer, cartLine } from '../../test-data/store.js';
import CheckoutView from './CheckoutView.js';

// The map needs Leaflet and tiles; it is not what these tests are about.
vi.mock('../../components/map/AddressMap.js', () => ({ AddressMap: () => null }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const info = businessInfo({
  supportCreditcardPayment: true,
  ecomm_provider: 'cardPointe',
  curbside: true,
});
const cart = (
  paymentMethod: 'cash' | 'creditcard',
  orderMethod: 'pickup' | 'curbside' = 'pickup',
) => {
  const base = cartAnswer({ orderItems: [cartLine({ _id: 'l1', name: 'Spring Rolls (2)' })] });
  return { ...base, checkoutInfo: { ...base.checkoutInfo, paymentMethod, orderMethod } };
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    String(url).includes('/sendOrder/')
      ? json(400, {
          code: 'invalid_input',
          message: 'Please enter your valid phone number and your name to continue.',
          issues: [],
        })
      : String(url).includes('captcha')
        ? json(200, { enabled: false, siteKey: null })
        : json(200, cart('creditcard')),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['Date'] });
  // 2026-05-12 in New York: last month's expiry is 04/26.
  vi.setSystemTime(new Date('2026-05-12T16:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function show(
  paymentMethod: 'cash' | 'creditcard' = 'creditcard',
  orderMethod: 'pickup' | 'curbside' = 'pickup',
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const c = cart(paymentMethod, orderMethod);
  client.setQueryData(['cart', 'demo', 'u1'], c);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CheckoutView
          merchantId="demo"
          uid="u1"
          info={info}
          cart={c}
          tableName={undefined}
          onBackToMenu={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Types into a field and leaves it. */
function typeAndLeave(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

/** The message shown beside a field, as assistive technology finds it. */
function messageOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || null
  );
}

describe('checkout field messages', () => {
  it('V5.4: a 9-digit phone says "Invalid" beside it once left, and not after the 10th digit', () => {
    show('cash');
    const phone = screen.getByLabelText('Phone');
    fireEvent.focus(phone);
    fireEvent.change(phone, { target: { value: '212555010' } });
    // Not while typing a first time.
    expect(messageOf(phone)).toBeNull();
    fireEvent.blur(phone);
    expect(messageOf(phone)).toBe('Invalid');
    fireEvent.change(phone, { target: { value: '2125550101' } });
    expect(messageOf(phone)).toBeNull();
    expect(phone.getAttribute('inputmode')).toBe('tel');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
  });

  it.each([
    ['V5.7', 'Card number', '41111111111111', 'Invalid'],
    ['V5.7', 'Card number', '378282246310005', 'This merchant is not accepting American Express'],
    ['V5.8', 'Card number', '7111111111111111', 'Invalid'],
    ['V5.12', 'CVV', '12', 'Invalid'],
    ['V5.14', 'Expiry (MM/YY)', '123', 'Invalid'],
    ['V5.15', 'Expiry (MM/YY)', '0426', 'Invalid'],
    ['V5.17', 'Billing ZIP', '1234', 'Invalid'],
  ])('%s: %s %j says %j beside it', (_id, label, typed, message) => {
    show();
    expect(messageOf(typeAndLeave(label, typed))).toBe(message);
  });

  it('valid card fields say nothing', () => {
    show();
    for (const [label, typed] of [
      ['Card number', '4111111111111111'],
      ['Expiry (MM/YY)', '0526'],
      ['CVV', '123'],
      ['Billing ZIP', '10013'],
    ] as const) {
      expect(messageOf(typeAndLeave(label, typed))).toBeNull();
    }
  });

  it('V5.1: Place the order shows "Required" beside every empty required field, untouched', async () => {
    show();
    expect(screen.queryAllByText('Required')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /^Place the order/ }));
    await waitFor(() => expect(messageOf(screen.getByLabelText('Name'))).toBe('Required'));
    for (const label of [
      'Phone',
      'Card number',
      'Expiry (MM/YY)',
      'CVV',
      'Billing street',
      'Billing ZIP',
    ]) {
      expect(messageOf(screen.getByLabelText(label)), label).toBe('Required');
    }
    // Email is optional.
    expect(messageOf(screen.getByLabelText('Email (optional)'))).toBeNull();
    // The server still answers the spec's banner for the first failed check (V5.54).
    await screen.findByText('Please enter your valid phone number and your name to continue.');
  });

  it('every checkout field has its autocomplete and keyboard', () => {
    show();
    const expected: [string, string, string | null][] = [
      ['Name', 'name', null],
      ['Phone', 'tel', 'tel'],
      ['Email (optional)', 'email', 'email'],
      ['Card number', 'cc-number', 'numeric'],
      ['Expiry (MM/YY)', 'cc-exp', 'numeric'],
      ['CVV', 'cc-csc', 'numeric'],
      ['Billing street', 'billing street-address', null],
      ['Billing ZIP', 'billing postal-code', 'numeric'],
    ];
    for (const [label, autocomplete, inputmode] of expected) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('autocomplete'), label).toBe(autocomplete);
      expect(input.getAttribute('inputmode'), label).toBe(inputmode);
    }
  });

  it('curbside: the car fields say "Required" when left empty, and take no autofill', () => {
    show('cash', 'curbside');
    for (const label of ['Car make and model', 'Car color']) {
      const input = typeAndLeave(label, '');
      expect(messageOf(input), label).toBe('Required');
      expect(input.getAttribute('autocomplete'), label).toBe('off');
    }
  });
});
