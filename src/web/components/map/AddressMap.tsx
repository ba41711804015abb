// The address section's map, loaded on demand: Leaflet (~45 KB) comes with the checkout, not with
// the store page. Holds its height while it loads so nothing below moves.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { LatLng } from '../../../contract/common.js';
// Here, not only in the lazy map: the placeholder holds the map's height only with its styles
// (without them it was 0 px tall, and the fields below moved down when the map came: CLS 0.067).
import './location-map.css';

const LocationMap = lazy(() => import('./LocationMap.js'));

export function AddressMap({
  at,
  label,
  after,
}: {
  at: LatLng | null | undefined;
  label: string;
  /**
   * Holds the map back until `after` calls its callback (returns a cancel): the checkout page
   * waits for an idle moment, so Leaflet's evaluation and the map's set-up are not part of the
   * page's own first tasks (bench/storefront: blocking time of the checkout page).
   */
  after?: (done: () => void) => () => void;
}) {
  const [ready, setReady] = useState(!after);
  useEffect(() => {
    if (ready || !after || !at) return;
    return after(() => startTransition(() => setReady(true)));
  }, [ready, after, at]);
  if (!at) return null;
  const holder = <div className="location-map location-map--loading" aria-hidden />;
  if (!ready) return holder;
  return (
    <Suspense fallback={holder}>
      <LocationMap at={at} label={label} />
    </Suspense>
  );
}
