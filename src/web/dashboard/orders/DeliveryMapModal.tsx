// The delivery map modal (spec §2 Orders pane): where a delivery order goes, on the same Leaflet
// map as the checkout's (lazy; tiles need the network, so offline the address text stands).
import type { LatLng } from '../../../contract/common.js';
import { AddressMap } from '../../components/map/AddressMap.js';
import { DashboardDialog } from '../components/DashboardDialog.js';

export function DeliveryMapModal({
  at,
  address,
  miles,
  onClose,
}: {
  at: LatLng;
  address: string;
  miles: number | null;
  onClose: () => void;
}) {
  return (
    <DashboardDialog title="Delivery map" onClose={onClose} className="delivery-map-modal">
      <p>
        {address}
        {miles !== null ? ` (${miles.toFixed(1)} mi)` : ''}
      </p>
      <AddressMap at={at} label={address} />
    </DashboardDialog>
  );
}
