import { useEffect, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { SiteFooter } from '../components/SiteFooter.js';
import { StatusPanel } from '../components/StatusPanel.js';
import { isApiError } from '../lib/api.js';
import { CategoryBar } from './CategoryBar.js';
import { CategorySidebar } from './CategorySidebar.js';
import { groupMenu } from './menu.js';
import { MenuSection } from './MenuSection.js';
import { useBusinessInfo, useCategories, useMenuItems } from './queries.js';
import { StoreHeader } from './StoreHeader.js';
import { menuDisplay } from './display.js';
import type { PublicItemView } from '../../contract/menu.js';
import { StoreCart } from './cart/StoreCart.js';
import { StoreEntry } from './entry/StoreEntry.js';

/**
 * The customer store page for /store/:merchantId, /store/:merchantId/:storeName and
 * /store/:merchantId/dinein/:tablename. An unknown merchant goes to the site root (spec §2).
 */
export function StorePage() {
  const { merchantId = '', tablename } = useParams();
  const info = useBusinessInfo(merchantId);
  const categories = useCategories(merchantId);
  const menu = useMenuItems(merchantId);
  const [openItem, setOpenItem] = useState<PublicItemView | null>(null);

  const groups = useMemo(
    () => groupMenu(categories.data ?? [], menu.items ?? []),
    [categories.data, menu.items],
  );

  useEffect(() => {
    if (info.data) document.title = `${info.data.name} · Order online`;
  }, [info.data]);

  if (info.isError && isApiError(info.error, 'not_found')) return <Navigate to="/" replace />;

  if (info.isPending) {
    return (
      <div className="page page--centered">
        <StatusPanel title="Loading the menu…" />
      </div>
    );
  }

  if (info.isError) {
    return (
      <div className="page page--centered">
        <StatusPanel title="We could not load this store." role="alert">
          <p>{info.error.message}</p>
          <button type="button" className="button" onClick={() => void info.refetch()}>
            Try again
          </button>
        </StatusPanel>
      </div>
    );
  }

  const menuError = categories.error ?? menu.error;
  const display = menuDisplay(info.data);

  return (
    <div className="page store-page">
      <StoreHeader info={info.data} tableName={tablename}>
        <StoreEntry merchantId={merchantId} info={info.data} tableName={tablename} />
      </StoreHeader>
      {categories.data && categories.data.length > 0 ? (
        <CategoryBar categories={categories.data} />
      ) : null}
      <div className="store-layout">
        {categories.data && categories.data.length > 0 ? (
          <CategorySidebar categories={categories.data} />
        ) : null}
        <main className="menu" id="menu" aria-label="Menu">
          {menuError ? (
            <StatusPanel title="We could not load the menu." role="alert">
              <p>{menuError.message}</p>
            </StatusPanel>
          ) : categories.isPending ? (
            <StatusPanel title="Loading the menu…" />
          ) : groups.length === 0 ? (
            <StatusPanel title="This store has no menu yet." />
          ) : (
            groups.map((g) => (
              <MenuSection
                key={g.category._id}
                category={g.category}
                items={g.items}
                loading={!menu.complete}
                display={display}
                onOpenItem={setOpenItem}
              />
            ))
          )}
        </main>
        <StoreCart
          merchantId={merchantId}
          info={info.data}
          openItem={openItem}
          onCloseItem={() => setOpenItem(null)}
        />
      </div>
      <SiteFooter />
    </div>
  );
}
