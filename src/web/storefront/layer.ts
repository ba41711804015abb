// The store page's open layer lives in the query of the route the diner came by (issue 25):
// `?item=<id>` (the item modal), `?view=cart` (the cart sheet on phones), `?view=checkout` (the
// checkout page), beside `?resetToken=` and whatever else the link carried. So
// `/store/{merchantId}/{storeName}` and `/store/{merchantId}/dinein/{tablename}` keep working, a
// refresh keeps the table and the layer, a shared item link opens that item, and Back and Forward
// close and reopen layers through the browser's own history (react-router's search params; no
// history code of ours). docs/decisions/storefront-store-page.md ("Layers in the URL").
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export type StoreLayer =
  { kind: 'menu' } | { kind: 'item'; itemId: string } | { kind: 'cart' } | { kind: 'checkout' };

export const ITEM_PARAM = 'item';
export const VIEW_PARAM = 'view';

const MENU: StoreLayer = { kind: 'menu' };

/** The layer a query names; anything else (an unknown view, an empty item) is the menu. */
export function readLayer(search: URLSearchParams): StoreLayer {
  const itemId = search.get(ITEM_PARAM);
  if (itemId) return { kind: 'item', itemId };
  const view = search.get(VIEW_PARAM);
  if (view === 'cart' || view === 'checkout') return { kind: view };
  return MENU;
}

/** The query with `layer` in place of the one it named; the link's other parameters stay. */
export function writeLayer(search: URLSearchParams, layer: StoreLayer): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(ITEM_PARAM);
  next.delete(VIEW_PARAM);
  if (layer.kind === 'item') next.set(ITEM_PARAM, layer.itemId);
  else if (layer.kind !== 'menu') next.set(VIEW_PARAM, layer.kind);
  return next;
}

/**
 * How many layers this page opened on top of the menu to reach the current entry (kept in the
 * history entry's state, so it survives a refresh). 0 when the diner arrived on this layer by a
 * link: there is no menu entry behind it to go back to.
 */
interface LayerState {
  layerDepth?: number;
}

function depthOf(state: unknown): number {
  const d = (state as LayerState | null)?.layerDepth;
  return typeof d === 'number' && d > 0 ? Math.floor(d) : 0;
}

export interface StoreLayers {
  layer: StoreLayer;
  /** Opens a layer on top of the current one: a new history entry, so Back closes it. */
  open: (layer: StoreLayer) => void;
  /** Closes the top layer: Back when this page opened it, else the menu in place of this entry. */
  close: () => void;
  /** Back to the menu past every layer this page opened (the checkout's "Back to Menu"). */
  toMenu: () => void;
  /**
   * The menu in place of this entry, without a step back: when the layer cannot be shown (a
   * checkout link with an empty cart) or is left for another page (the order placed).
   */
  replaceWithMenu: () => void;
}

export function useStoreLayers(): StoreLayers {
  const [search, setSearch] = useSearchParams();
  const { state, key, pathname } = useLocation();
  const navigate = useNavigate();
  const layer = useMemo(() => readLayer(search), [search]);
  const depth = depthOf(state);
  // One step back per history entry: a second close before the browser has gone back (a double
  // tap, a close after Add to Cart's) would otherwise leave the store page.
  const leaving = useRef<string | null>(null);
  useEffect(() => {
    leaving.current = null;
  }, [key]);
  const back = useCallback(
    (steps: number) => {
      if (leaving.current === key) return;
      leaving.current = key;
      void navigate(-steps);
    },
    [key, navigate],
  );

  const replaceWithMenu = useCallback(() => {
    // Not once the app has moved on from this page (the order placed: its navigation is under way
    // while the emptied cart still renders here): a search-only change is relative to this
    // page's path and would replace the new page's entry with the menu.
    if (window.location.pathname !== pathname) return;
    setSearch((s) => writeLayer(s, MENU), { replace: true });
  }, [setSearch, pathname]);
  const open = useCallback(
    (next: StoreLayer) =>
      setSearch((s) => writeLayer(s, next), {
        state: { layerDepth: depth + 1 } satisfies LayerState,
      }),
    [setSearch, depth],
  );
  const close = useCallback(() => {
    if (depth > 0) back(1);
    else replaceWithMenu();
  }, [depth, back, replaceWithMenu]);
  const toMenu = useCallback(() => {
    if (depth > 0) back(depth);
    else replaceWithMenu();
  }, [depth, back, replaceWithMenu]);

  return { layer, open, close, toMenu, replaceWithMenu };
}
