// The sign-in modal (spec §2, §5): the empty-form message, the server's refusal shown, and a
// social sign-in button for each configured provider.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountModals from './AccountModals.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    if (url.includes('/oidc/providers'))
      return Promise.resolve(
        json(200, {
          providers: [
            { name: 'google', label: 'Google', startUrl: '/api/usersAuth/oidc/google/start' },
          ],
        }),
      );
    if (url.includes('/userLogin'))
      return Promise.resolve(
        json(401, { code: 'unauthenticated', message: 'Wrong email or password', issues: [] }),
      );
    return Promise.resolve(json(404, { code: 'not_found', message: 'x', issues: [] }));
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
      <AccountModals signedIn={false} merchantId="demo" onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the sign-in modal', () => {
  it('asks for both fields before calling the server', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter username and password to login')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/userLogin'))).toBe(false);
  });

  it('shows the server’s refusal', async () => {
    show();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Wrong email or password')).toBeTruthy();
  });

  it('offers each configured social provider, coming back to this page', async () => {
    show();
    const link = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(link.getAttribute('href')).toMatch(
      /^\/api\/usersAuth\/oidc\/google\/start\?returnTo=%2F/,
    );
  });
});
