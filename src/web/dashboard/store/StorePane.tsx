// The Store pane (spec §2): every section of the store's settings, each with its read view, Edit,
// Save and Cancel (SettingsSection). The settings are the merchant's own read
// (GET .../businessInfo/settings); a save answers the saved settings, which every section then
// shows. Category hours and promotions are saved per category.
import { StatusPanel } from '../../components/StatusPanel.js';
import { generateTransitKey, useMerchantSettings } from './queries.js';
import { BusinessInfoSection } from './sections/BusinessInfoSection.js';
import { CategoryHoursSection, CategoryPromoSection } from './sections/CategorySections.js';
import { BusinessHoursSection, DeliveryHoursSection } from './sections/HoursSections.js';
import { NoticesSection } from './sections/NoticesSection.js';
import { NotificationSection } from './sections/NotificationSection.js';
import { OrderPromotionSection } from './sections/OrderPromotionSection.js';
import { PaymentGatewaySection } from './sections/PaymentGatewaySection.js';
import { PrepTimeSection } from './sections/PrepTimeSection.js';
import {
  CustomerInfoSection,
  DeliverySection,
  DisplaySection,
  GratuitySection,
  PaymentSection,
  TaxSection,
} from './sections/StoreOptionsSections.js';
import { TablesSection } from './sections/TablesSection.js';
import './store.css';

export function StorePane({ merchantId }: { merchantId: string }) {
  const query = useMerchantSettings(merchantId);
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
  return (
    <section className="dash-pane store-pane" aria-labelledby="store-pane-title">
      <h1 id="store-pane-title">Store</h1>
      <div className="store-pane__sections">
        <BusinessInfoSection settings={settings} />
        <BusinessHoursSection settings={settings} />
        <PrepTimeSection settings={settings} />
        <CategoryHoursSection merchantId={merchantId} />
        <CategoryPromoSection merchantId={merchantId} />
        <NoticesSection settings={settings} />
        <NotificationSection settings={settings} />
        <OrderPromotionSection settings={settings} />
        <TaxSection settings={settings} />
        <GratuitySection settings={settings} />
        <DeliverySection settings={settings} />
        <DeliveryHoursSection settings={settings} />
        <PaymentSection settings={settings} />
        <PaymentGatewaySection
          merchantId={merchantId}
          generateKey={generateTransitKey(merchantId)}
        />
        <DisplaySection settings={settings} />
        <CustomerInfoSection settings={settings} />
        <TablesSection settings={settings} />
      </div>
    </section>
  );
}
