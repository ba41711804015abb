// Fewer taps for a signed-in diner (issue 25): name, phone and email come from the account into
// the empty checkout fields, once; an anonymous diner's checkout is left alone (T4.34 stays).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignedInPrefill } from './useSignedInPrefill.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const profile = {
  name: 'ada_l',
  email: 'ada@example.com',
  login_portal: null,
  order_name: 'Ada Lovelace',
  order_address: '',
  order_phone: '2125550142',
  order_zipcode: '',
};

let signedIn = true;
beforeEach(() => {
  signedIn = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('isAuth')
        ? json(
            signedIn
              ? { isAuth: true, user: { name: 'ada_l', email: profile.email } }
              : { isAuth: false },
          )
        : json({ success: true, user: profile }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function run(saved: { customerName: string; phone: string; customerEmail: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const save = vi.fn();
  renderHook(() => useSignedInPrefill({ ...saved, orderMethod: 'pickup' }, save), { wrapper });
  return save;
}

describe('useSignedInPrefill', () => {
  it('fills the empty name, phone and email from the account, once', async () => {
    const save = run({ customerName: '', phone: '', customerEmail: '' });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      customerName: 'Ada Lovelace',
      phone: '2125550142',
      customerEmail: 'ada@example.com',
    });
  });

  it('never overwrites what the checkout already holds', async () => {
    const save = run({ customerName: 'Grace', phone: '', customerEmail: 'g@example.com' });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ phone: '2125550142' });
  });

  it('leaves an anonymous diner’s checkout alone', async () => {
    signedIn = false;
    const save = run({ customerName: '', phone: '', customerEmail: '' });
    await new Promise((r) => setTimeout(r, 50));
    expect(save).not.toHaveBeenCalled();
  });
});
