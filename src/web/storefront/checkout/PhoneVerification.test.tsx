// The phone verification modal (spec §4 step 3; checklist V5.63, V5.64, T4.34): it has the phone,
// the checkout's to start with; a phone that is not 10 digits reads "Please enter a valid Phone
// number" beside it and no code is sent; a corrected phone gets the code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhoneVerification } from './PhoneVerification.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    String(url).includes('captcha')
      ? json(200, { enabled: false, siteKey: null })
      : json(200, { success: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sends = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/sendVeriCode'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { phoneNum: string });

function show(phone: string, onVerified = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PhoneVerification phone={phone} onVerified={onVerified} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return onVerified;
}

describe('PhoneVerification', () => {
  it('V5.63: a 9-digit phone reads "Please enter a valid Phone number" beside it; no code is sent', async () => {
    show('212555010');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect((phone as HTMLInputElement).value).toBe('(212)555-010');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const described = phone.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Please enter a valid Phone number',
    );
    expect(sends()).toHaveLength(0);
  });

  it('a corrected phone gets the code, and is what the checkout is told after Confirm', async () => {
    const onVerified = show('212555010');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    fireEvent.change(phone, { target: { value: '(212)555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sends()).toEqual([{ phoneNum: '2125550199' }]));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Verification code' }), {
      target: { value: '1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith('2125550199'));
  });
});
