// The geo adapter's shapes, shared by the offline and the Google implementations.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocodeResult {
  location: LatLng;
  formattedAddress: string;
  zip: string | null;
  /** address: the street address itself; zip / city: the centroid of its ZIP code or city. */
  precision: 'address' | 'zip' | 'city';
  source: 'google' | 'zipcodes';
  /** Set when Google failed and the offline data answered instead (e.g. OVER_QUERY_LIMIT). */
  fallbackReason?: string;
}

export interface Distance {
  miles: number;
  /** driving: Google Distance Matrix. straight-line: haversine between the two points. */
  method: 'driving' | 'straight-line';
  fallbackReason?: string;
}

export interface AddressSuggestion {
  description: string;
  /** Google place id, when the suggestion came from Places. */
  placeId: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  location: LatLng | null;
}

export interface SuggestionList {
  suggestions: AddressSuggestion[];
  source: 'google' | 'zipcodes';
  fallbackReason?: string;
}

export interface GeoAdapter {
  /** offline: ZIP centroids (zipcodes) and straight-line miles. google: Maps web services. */
  readonly name: 'offline' | 'google';
  /** A US address to a point; null when nothing matches. Never throws for an outage. */
  geocode(address: string): Promise<GeocodeResult | null>;
  /** Miles between two points: driving when available, else straight-line. Never throws. */
  distance(from: LatLng, to: LatLng): Promise<Distance>;
  /** distance(…).miles: what pricing needs (the delivery-fee range lookup). */
  distanceMiles(from: LatLng, to: LatLng): Promise<number>;
  /** US-only address suggestions for what the diner has typed so far. Never throws. */
  suggest(input: string, opts?: { sessionToken?: string; limit?: number }): Promise<SuggestionList>;
}

const EARTH_RADIUS_MILES = 3958.7613;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (straight-line) miles between two points. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles shown to people and used for fees: two decimals. */
export const roundMiles = (miles: number) => Math.round(miles * 100) / 100;
