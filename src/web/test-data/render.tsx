// What the web tests share: an API answer as the browser's fetch would get it, the app rendered at
// a route (the real routes, a fresh query cache), and the wait for a lazy chunk.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.js';

/** The dialogs and views are lazy chunks: their first import can take seconds on a busy machine. */
export const LAZY = { timeout: 4_000 };

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The whole app at `path` (no retries, so a refused call shows at once). */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
