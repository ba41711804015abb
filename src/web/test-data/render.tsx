// What the web tests share: an API answer as the browser's fetch would get it, the app rendered at
// a route (the real routes, a fresh query cache), and the wait for a lazy chunk.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/router.js';

/** The dialogs and views are lazy chunks: their first import can take seconds on a busy machine. */
export const LAZY = { timeout: 4_000 };

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Where the app is now: `pathname` follows the app's navigation. */
export interface RouteProbe {
  pathname: string;
  search: string;
}

function LocationProbe({ probe }: { probe: RouteProbe }) {
  const { pathname, search } = useLocation();
  probe.pathname = pathname;
  probe.search = search;
  return null;
}

/** The whole app at `path` (no retries, so a refused call shows at once). */
export function renderRoute(path: string): RouteProbe {
  const [pathname = path, query = ''] = path.split('?');
  const probe: RouteProbe = { pathname, search: query ? `?${query}` : '' };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe probe={probe} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return probe;
}
