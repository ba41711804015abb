// The Store pane (spec §2): every section of the store's settings, each with its read view, Edit,
// Save and Cancel (SettingsSection). The settings are the merchant's own read
// (GET .../businessInfo/settings); a save answers the saved settings, which every section then
// shows. Category hours and promotions are saved per category.
// A section index (issue 28) jumps to each section and names it in the address
// (?pane=store&section=tips): a side list from 1024 px, a menu (react-aria) below.
import { useEffect, type ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { StatusPanel } from '../../components/StatusPanel.js';
import { generateTransitKey, type MerchantSettings, useMerchantSettings } from './queries.js';
import { BusinessInfoSection } from './sections/BusinessInfoSection.js';
import { DataExportSection } from './sections/DataExportSection.js';
import { CategoryHoursSection, CategoryPromoSection } from './sections/CategorySections.js';
import { BusinessHoursSection, DeliveryHoursSection } from './sections/HoursSections.js';
import { NoticesSection } from './sections/NoticesSection.js';
import { NotificationSection } from './sections/NotificationSection.js';
import { OrderPromotionSection } from './sections/OrderPromotionSection.js';
import { PaymentGatewaySection } from './sections/PaymentGatewaySection.js';
import { PrepTimeSection } from './sections/PrepTimeSection.js';
import { PromoCodesSection } from './sections/PromoCodesSection.js';
import {
  CustomerInfoSection,
  DeliverySection,
  DisplaySection,
  GratuitySection,
  PaymentSection,
  TaxSection,
} from './sections/StoreOptionsSections.js';
import { TablesSection } from './sections/TablesSection.js';
import { TimeZoneSection } from './sections/TimeZoneSection.js';
import { TipPresetsSection } from './sections/TipPresetsSection.js';
import './store.css';

interface SectionEntry {
  id: string;
  label: string;
  render: (settings: MerchantSettings, merchantId: string) => ReactNode;
}

/** The sections in page order; `id` is the address's ?section= and the anchor's id. */
export const STORE_SECTIONS: readonly SectionEntry[] = [
  { id: 'info', label: 'Business info', render: (s) => <BusinessInfoSection settings={s} /> },
  { id: 'time-zone', label: 'Time zone', render: (s) => <TimeZoneSection settings={s} /> },
  { id: 'hours', label: 'Business hours', render: (s) => <BusinessHoursSection settings={s} /> },
  {
    id: 'prep-time',
    label: 'Food preparing time',
    render: (s) => <PrepTimeSection settings={s} />,
  },
  {
    id: 'category-hours',
    label: 'Category hours',
    render: (_s, m) => <CategoryHoursSection merchantId={m} />,
  },
  {
    id: 'category-promos',
    label: 'Category promotions',
    render: (_s, m) => <CategoryPromoSection merchantId={m} />,
  },
  { id: 'notices', label: 'Notices', render: (s) => <NoticesSection settings={s} /> },
  {
    id: 'notifications',
    label: 'Order notifications',
    render: (s) => <NotificationSection settings={s} />,
  },
  {
    id: 'order-promotion',
    label: 'Order promotion',
    render: (s) => <OrderPromotionSection settings={s} />,
  },
  {
    id: 'promo-codes',
    label: 'Promo codes',
    render: (_s, m) => <PromoCodesSection merchantId={m} />,
  },
  { id: 'tax', label: 'Tax rate', render: (s) => <TaxSection settings={s} /> },
  { id: 'tips', label: 'Tip presets', render: (s) => <TipPresetsSection settings={s} /> },
  { id: 'gratuity', label: 'Fixed gratuity', render: (s) => <GratuitySection settings={s} /> },
  {
    id: 'delivery',
    label: 'Delivery and curbside',
    render: (s) => <DeliverySection settings={s} />,
  },
  {
    id: 'delivery-hours',
    label: 'Delivery hours',
    render: (s) => <DeliveryHoursSection settings={s} />,
  },
  { id: 'payment', label: 'Payment', render: (s) => <PaymentSection settings={s} /> },
  {
    id: 'gateway',
    label: 'Card gateway',
    render: (_s, m) => <PaymentGatewaySection merchantId={m} generateKey={generateTransitKey(m)} />,
  },
  { id: 'display', label: 'Display', render: (s) => <DisplaySection settings={s} /> },
  {
    id: 'customer-info',
    label: 'Customer info collection',
    render: (s) => <CustomerInfoSection settings={s} />,
  },
  { id: 'tables', label: 'Dine-in tables', render: (s) => <TablesSection settings={s} /> },
  {
    id: 'data-export',
    label: 'Download my data',
    render: (_s, m) => <DataExportSection merchantId={m} />,
  },
];

const anchorId = (id: string) => `store-section-${id}`;

/** The section the address names, or null. */
export function sectionOf(value: string | null): string | null {
  return STORE_SECTIONS.some((s) => s.id === value) ? value : null;
}

function SectionIndex({ current, go }: { current: string | null; go: (id: string) => void }) {
  return (
    <>
      <nav className="store-index store-index--side" aria-label="Store sections">
        <ul>
          {STORE_SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`?pane=store&section=${s.id}`}
                aria-current={current === s.id ? 'location' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  go(s.id);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="store-index store-index--menu">
        <MenuTrigger>
          <Button className="button store-index__button" aria-label="Jump to a store section">
            {STORE_SECTIONS.find((s) => s.id === current)?.label ?? 'Sections'} ▾
          </Button>
          <Popover className="store-index__popover" placement="bottom start">
            <Menu
              className="store-index__menu"
              aria-label="Store sections"
              onAction={(key) => go(String(key))}
            >
              {STORE_SECTIONS.map((s) => (
                <MenuItem key={s.id} id={s.id} className="store-index__item">
                  {s.label}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
    </>
  );
}

export function StorePane({ merchantId }: { merchantId: string }) {
  const query = useMerchantSettings(merchantId);
  const [params, setParams] = useSearchParams();
  const current = sectionOf(params.get('section'));
  const loaded = query.isSuccess;

  // The address's section is brought into view on arrival and on every jump.
  // Sections above it may still grow as their own reads arrive (category hours, promo codes):
  // the jump is repeated twice while they settle, so the section ends where it was asked for.
  useEffect(() => {
    if (!loaded || !current) return;
    const jump = () =>
      document.getElementById(anchorId(current))?.scrollIntoView?.({ block: 'start' });
    jump();
    document.getElementById(anchorId(current))?.focus({ preventScroll: true });
    const timers = [400, 1200].map((ms) => window.setTimeout(jump, ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [loaded, current]);

  if (query.isPending) return <StatusPanel title="Loading…" />;
  if (query.isError) {
    return (
      <StatusPanel title="The store settings could not be loaded">
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </StatusPanel>
    );
  }
  const settings = query.data;
  const go = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('pane', 'store');
    next.set('section', id);
    setParams(next);
    if (id === current) document.getElementById(anchorId(id))?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <section className="dash-pane store-pane" aria-labelledby="store-pane-title">
      <h1 id="store-pane-title">Store</h1>
      <div className="store-pane__layout">
        <SectionIndex current={current} go={go} />
        <div className="store-pane__sections">
          {STORE_SECTIONS.map((s) => (
            <div key={s.id} id={anchorId(s.id)} className="store-pane__anchor" tabIndex={-1}>
              {s.render(settings, merchantId)}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
