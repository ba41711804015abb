import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { SiteFooter } from '../components/SiteFooter.js';
import { StatusPanel } from '../components/StatusPanel.js';
import { isApiError } from '../lib/api.js';
import { MESSAGES } from '../../domain/messages.js';
import { CategoryBar } from './CategoryBar.js';
import { CategorySidebar } from './CategorySidebar.js';
import { groupMenu, leadingGroups } from './menu.js';
import { MenuSections } from './MenuSections.js';
import { useBusinessInfo, useCategories, useMenuItems } from './queries.js';
import { StoreHeader } from './StoreHeader.js';
import { menuDisplay, SHOW_ALL } from './display.js';
import { afterNextPaint, FirstPaintContext } from './first-paint.js';
import type { CategoryView, PublicItemView } from '../../contract/menu.js';
import type { PublicBusinessInfo } from '../../contract/store.js';
import { AccountButton } from './account/AccountButton.js';
import { CART_PANEL_ID } from './cart/CartPanel.js';
import { StoreCart } from './cart/StoreCart.js';
import { StoreEntry } from './entry/StoreEntry.js';
import { useLazyLayout } from './lazy-layout.js';
import { useStoreLayers } from './layer.js';

/** What the store page shows of its three reads (./queries.ts). */
interface StoreReads {
  info: { data?: PublicBusinessInfo | undefined; isPending: boolean; error: Error | null };
  categories: { data?: CategoryView[] | undefined; isPending: boolean; error: Error | null };
  menu: ReturnType<typeof useMenuItems>;
}

/**
 * The customer store page for /store/:merchantId, /store/:merchantId/:storeName and
 * /store/:merchantId/dinein/:tablename. An unknown merchant goes to the site root (spec §2).
 *
 * The page renders its reads one step behind them (`useDeferredValue`), in a memoised view. The
 * query library hands a read's answer to React as an urgent, synchronous update: the arrival of the
 * menu rendered the whole page (header, bars, the first cards) in one task of 36–78 ms on these
 * machines, and the full list's arrival again (bench/storefront: blocking time). Behind a deferred
 * value, the urgent render is this component alone (the view bails out: same props), and the view's
 * own render is a transition's, which yields to the browser every few milliseconds.
 */
export function StorePage() {
  const { merchantId = '', tablename } = useParams();
  const info = useBusinessInfo(merchantId);
  const categories = useCategories(merchantId);
  // Set once the header and the top of the menu are on screen (./first-paint.ts).
  const [painted, setPainted] = useState(false);
  const menu = useMenuItems(merchantId, { full: painted });
  const { items, complete, error: menuError, isPending: menuIsPending } = menu;
  const live = useMemo<StoreReads>(
    () => ({
      info: { data: info.data, isPending: info.isPending, error: info.error },
      categories: {
        data: categories.data,
        isPending: categories.isPending,
        error: categories.error,
      },
      menu: { items, complete, error: menuError, isPending: menuIsPending },
    }),
    [
      info.data,
      info.isPending,
      info.error,
      categories.data,
      categories.isPending,
      categories.error,
      items,
      complete,
      menuError,
      menuIsPending,
    ],
  );
  const reads = useDeferredValue(live);

  if (isApiError(info.error, 'not_found')) return <Navigate to="/" replace />;
  return (
    <StoreView
      merchantId={merchantId}
      tableName={tablename}
      reads={reads}
      painted={painted}
      onPainted={setPainted}
      onRetry={info.refetch}
    />
  );
}

const StoreView = memo(function StoreView({
  merchantId,
  tableName: tablename,
  reads,
  painted,
  onPainted: setPainted,
  onRetry,
}: {
  merchantId: string;
  tableName: string | undefined;
  reads: StoreReads;
  painted: boolean;
  onPainted: (painted: boolean) => void;
  onRetry: () => unknown;
}) {
  const { info, categories, menu } = reads;
  const items = menu.items;
  const complete = menu.complete;
  // The open layer is in the URL's query (./layer.ts): Back closes it, a refresh keeps it.
  const layers = useStoreLayers();
  const { layer } = layers;
  const openItemId = layer.kind === 'item' ? layer.itemId : null;
  const openItem = useMemo(
    () => (openItemId ? (items?.find((i) => i._id === openItemId) ?? null) : null),
    [openItemId, items],
  );
  // A shared link to an item the menu does not have (any more) shows the menu.
  const { replaceWithMenu } = layers;
  useEffect(() => {
    if (openItemId && complete && !openItem) replaceWithMenu();
  }, [openItemId, complete, openItem, replaceWithMenu]);
  // Stable, so the memoised menu sections do not render again when the URL changes.
  const openLayer = useRef(layers.open);
  openLayer.current = layers.open;
  const onOpenItem = useCallback(
    (item: PublicItemView) => openLayer.current({ kind: 'item', itemId: item._id }),
    [],
  );
  const checkoutOpen = layer.kind === 'checkout';
  useMenuScrollKept(merchantId, checkoutOpen);
  // The menu is rendered once it has been shown: a checkout link or a refresh of the checkout
  // does not build the hidden menu's cards (180 on the demo) under the checkout page, which cost
  // that page most of its blocking time (bench/storefront). Once built it stays mounted (hidden),
  // so Back finds it where the diner left it.
  const [menuBuilt, setMenuBuilt] = useState(!checkoutOpen);
  if (!checkoutOpen && !menuBuilt) setMenuBuilt(true);
  // Not over a password-reset link (the account modal opens on it).
  const [search] = useSearchParams();
  const resetLink = search.has('resetToken');
  const groups = useMemo(
    () => leadingGroups(groupMenu(categories.data ?? [], items ?? []), complete),
    [categories.data, items, complete],
  );

  // Set once the full menu's last card is rendered (MenuSections adds a few per task).
  const [sectionsShown, setSectionsShown] = useState(false);
  const onAllSectionsShown = useCallback(() => setSectionsShown(true), []);
  // Off-screen item cards are not laid out until the diner's first input or idle time (./lazy-layout.ts).
  const menuRef = useLazyLayout(sectionsShown);

  // Stable while the settings are: the memoised sections re-render only when it changes.
  const display = useMemo(() => (info.data ? menuDisplay(info.data) : SHOW_ALL), [info.data]);

  useEffect(() => {
    if (info.data) document.title = `${info.data.name} · Order online`;
  }, [info.data]);

  // The header and the top of the menu appear in one paint: the three reads are preloaded with
  // the page and arrive together, and a header painted alone first only delays the menu's paint
  // (the page's largest) behind the item images it starts (bench/storefront: LCP).
  const menuPending = categories.isPending || (menu.isPending && !menu.error);
  const shown = !info.isPending && !menuPending;
  useEffect(() => {
    if (!shown || painted) return;
    // A transition: the whole page renders again (images on, the full list asked for), and a
    // transition's render yields to the browser every few milliseconds instead of blocking it.
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [shown, painted, setPainted]);

  if (info.isPending || (info.data && menuPending)) {
    return (
      <div className="page page--centered">
        <StatusPanel title="Loading the menu…" delayed />
      </div>
    );
  }

  if (info.error || !info.data) {
    return (
      <div className="page page--centered">
        <StatusPanel title="We could not load this store." role="alert">
          <p>{info.error?.message}</p>
          <button type="button" className="button" onClick={() => void onRetry()}>
            Try again
          </button>
        </StatusPanel>
      </div>
    );
  }

  // A store the platform disabled (issue 31): its name, address and phone, and that it takes no
  // orders — no menu to fill a cart that cannot be sent, no arrival questions.
  if (info.data.unavailable) {
    return (
      <div className="page store-page">
        <StoreHeader info={info.data} tableName={tablename} actions={<AccountButton />} />
        <main className="page--centered" id="menu" aria-label="Menu">
          <StatusPanel title={MESSAGES.STORE_UNAVAILABLE} />
        </main>
        <SiteFooter />
      </div>
    );
  }

  const menuError = categories.error ?? menu.error;
  // The bar and sidebar hold their place while the categories load, so the menu below them does
  // not move when they arrive (layout shift).
  const showCategories = categories.isPending || (categories.data?.length ?? 0) > 0;
  // The arrival modals wait for the whole menu: every section added (or nothing more to add).
  const menuOnScreen = menuError !== null || (complete && (groups.length === 0 || sectionsShown));

  return (
    <FirstPaintContext value={painted}>
      <div className={checkoutOpen ? 'page store-page store-page--checkout' : 'page store-page'}>
        {/* Keyboard users reach the cart without tabbing through the whole menu. */}
        <a className="skip-link" href={`#${CART_PANEL_ID}`}>
          Skip to cart
        </a>
        <StoreHeader info={info.data} tableName={tablename} actions={<AccountButton />}>
          <StoreEntry
            merchantId={merchantId}
            info={info.data}
            tableName={tablename}
            menuShown={menuOnScreen && layer.kind === 'menu' && !resetLink}
          />
        </StoreHeader>
        {showCategories ? <CategoryBar categories={categories.data ?? []} /> : null}
        <div className="store-layout">
          {showCategories ? <CategorySidebar categories={categories.data ?? []} /> : null}
          {/* The checkout page replaces the menu, which stays mounted (hidden) so that Back finds
              it as it was, scrolled where the diner left it. */}
          <main
            hidden={checkoutOpen}
            ref={menuRef}
            className={complete ? 'menu' : 'menu menu--loading'}
            id="menu"
            aria-label="Menu"
          >
            {menuError ? (
              <StatusPanel title="We could not load the menu." role="alert">
                <p>{menuError.message}</p>
              </StatusPanel>
            ) : !menuBuilt ? null : categories.isPending || (groups.length === 0 && !complete) ? (
              <StatusPanel title="Loading the menu…" delayed />
            ) : groups.length === 0 ? (
              <StatusPanel title="This store has no menu yet." />
            ) : (
              <MenuSections
                groups={groups}
                complete={complete}
                display={display}
                onOpenItem={onOpenItem}
                onAllShown={onAllSectionsShown}
              />
            )}
          </main>
          <StoreCart
            merchantId={merchantId}
            info={info.data}
            tableName={tablename}
            openItem={openItem}
            layers={layers}
          />
        </div>
        {/* Once every section is in: below a menu that still grows, the footer's links would move
            away from a diner (or a test) reaching for them. */}
        {menuOnScreen ? <SiteFooter /> : null}
      </div>
    </FirstPaintContext>
  );
});

/**
 * The menu's scroll position, kept while the checkout page (which replaces the menu) is open and
 * given back when the diner returns to the menu (Back, or "Back to Menu"). The browser's own
 * restoration is off while the store page is shown: it restores on `popstate`, before the page
 * below has rendered, so it would scroll a page that is about to change.
 */
function useMenuScrollKept(merchantId: string, pageOpen: boolean): void {
  const menuScroll = useRef(0);
  const wasOpen = useRef(pageOpen);
  useEffect(() => {
    const { history } = window;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = before;
    };
  }, []);
  // A layout effect: its cleanup runs in the commit that hides the menu, before the browser
  // clamps the scroll to the shorter page.
  useLayoutEffect(() => {
    if (pageOpen) return;
    const keep = () => {
      menuScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, [pageOpen]);
  useLayoutEffect(() => {
    if (pageOpen === wasOpen.current) return;
    wasOpen.current = pageOpen;
    if (pageOpen) keepMenuScroll(merchantId, menuScroll.current);
    else menuScroll.current = keptMenuScroll(merchantId) ?? menuScroll.current;
    window.scrollTo({ top: pageOpen ? 0 : menuScroll.current, behavior: 'instant' });
  }, [pageOpen, merchantId]);
}

// In the tab's storage too, so that Back after a refresh of the checkout finds it.
const menuScrollKey = (merchantId: string) => `forkful.menuScroll.${merchantId}`;

function keepMenuScroll(merchantId: string, y: number): void {
  try {
    sessionStorage.setItem(menuScrollKey(merchantId), String(Math.round(y)));
  } catch {
    // Not kept across a refresh; the page still has it until then.
  }
}

function keptMenuScroll(merchantId: string): number | null {
  try {
    const y = Number(sessionStorage.getItem(menuScrollKey(merchantId)));
    return Number.isFinite(y) && y > 0 ? y : null;
  } catch {
    return null;
  }
}
