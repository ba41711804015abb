// The map of the address section (spec §4, checklist S2.36): the store (or branch) for pickup, the
// delivery point for delivery. Leaflet with the configured tile server (MAP_TILE_URL, allowed by
// the Content Security Policy). Tiles need the network: offline, or in tests, the tiles stay blank
// and the marker and the address printed beside the map still say where. Loaded with the checkout
// view only (./AddressMap.tsx), never with the store page.
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { useEffect } from 'react';
import { getMapSettings } from '../../../contract/refs.js';
import type { LatLng } from '../../../contract/common.js';
import { call } from '../../lib/api.js';
import './location-map.css';

const ZOOM = 15;

// A CSS pin rather than Leaflet's default marker images, whose URLs a bundler does not resolve.
const pin = divIcon({
  className: 'location-map__pin',
  html: '<span></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 24],
});

/** Keeps the view on the point when it changes (a new delivery address). */
function Follow({ at }: { at: LatLng }) {
  const map = useMap();
  useEffect(() => {
    map.setView([at.lat, at.lng], ZOOM);
  }, [map, at.lat, at.lng]);
  return null;
}

export default function LocationMap({ at, label }: { at: LatLng; label: string }) {
  const settings = useQuery({
    queryKey: ['mapSettings'],
    queryFn: ({ signal }) => call(getMapSettings, {}, signal),
    staleTime: Infinity,
  });
  return (
    // Dragging and touch work; the keyboard does not stop here (the address is the same text).
    <div className="location-map" role="img" aria-label={`Map: ${label}`}>
      <MapContainer
        center={[at.lat, at.lng]}
        zoom={ZOOM}
        keyboard={false}
        scrollWheelZoom={false}
        zoomControl={false}
        attributionControl={false}
        className="location-map__map"
      >
        {settings.data ? <TileLayer url={settings.data.tileUrl} /> : null}
        <Marker position={[at.lat, at.lng]} icon={pin} keyboard={false} interactive={false} />
        <Follow at={at} />
      </MapContainer>
      {settings.data?.attribution ? (
        <p className="location-map__attribution">{settings.data.attribution}</p>
      ) : null}
    </div>
  );
}
