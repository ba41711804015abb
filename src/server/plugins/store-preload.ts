// The store page's first API reads, announced with the page itself (`Link: rel=preload`): the
// browser fetches them while it downloads the app's script instead of after running it, which
// shortens the chain to the first menu paint (bench/storefront: LCP). Only for store page paths
// with a well-formed merchant id; the reads are the ones StorePage makes first.
import { FIRST_ITEMS_PAGE, listCategories, listFirstItems } from '../../contract/menu.js';
import { merchantIdParam } from '../../contract/common.js';
import type { RouteContract } from '../../contract/route.js';
import { getBusinessInfo } from '../../contract/store.js';

function pathOf(route: RouteContract, params: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/** The `Link` header value for a page path, or null when it is not a store page. */
export function storePreloadLinks(path: string): string | null {
  const match = /^\/store\/([^/]+)(?:\/([^/]+)(?:\/[^/]+)?)?\/?$/.exec(path);
  if (!match || match[2] === 'order_placed') return null;
  // A valid id has no characters to decode: anything else (even a malformed escape) is no store.
  const merchantId = match[1] ?? '';
  if (!merchantIdParam.safeParse(merchantId).success) return null;
  const params = { merchantId, n: String(FIRST_ITEMS_PAGE) };
  // crossorigin (anonymous = same-origin credentials, cors mode): what fetch() sends by default,
  // so the browser reuses the preloaded answers.
  return [getBusinessInfo, listCategories, listFirstItems]
    .map((r) => `<${pathOf(r, params)}>; rel=preload; as=fetch; crossorigin=anonymous`)
    .join(', ');
}
