// The address section's map, loaded on demand: Leaflet (~45 KB) comes with the checkout, not with
// the store page. Holds its height while it loads so nothing below moves.
import { lazy, Suspense } from 'react';
import type { LatLng } from '../../../contract/common.js';

const LocationMap = lazy(() => import('./LocationMap.js'));

export function AddressMap({ at, label }: { at: LatLng | null | undefined; label: string }) {
  if (!at) return null;
  return (
    <Suspense fallback={<div className="location-map location-map--loading" aria-hidden />}>
      <LocationMap at={at} label={label} />
    </Suspense>
  );
}
