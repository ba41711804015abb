// Maps and distance: an interface, the offline default (ZIP-code centroids from `zipcodes`,
// straight-line miles, ZIP and city suggestions) and Google Geocoding / Distance Matrix / Places
// Autocomplete, switched on by GOOGLE_MAPS_API_KEY (base URL GOOGLE_MAPS_BASE_URL).
import type { Config } from '../../config.js';
import { createGoogleGeoAdapter } from './google.js';
import { createOfflineGeoAdapter } from './offline.js';
import type { GeoAdapter } from './types.js';

export * from './types.js';
export { createGoogleGeoAdapter } from './google.js';
export { createOfflineGeoAdapter, offlineGeocode, offlineSuggest } from './offline.js';

export function createGeoAdapter(config: Config): GeoAdapter {
  if (!config.googleMaps) return createOfflineGeoAdapter();
  return createGoogleGeoAdapter({ ...config.googleMaps, timeoutMs: config.outsideTimeoutMs });
}
