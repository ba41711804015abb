// A local Google Maps web-services server (docs/protocols/google-maps.md): /maps/api/geocode/json,
// /maps/api/distancematrix/json and /maps/api/place/autocomplete/json, answering from fixtures.
// An unknown key is REQUEST_DENIED; an unknown address ZERO_RESULTS; distances are the haversine
// of the two points × 1.3 (road factor) in metres with English text; 25×25 and 100-element
// limits; a point at 0,0 has no route (element ZERO_RESULTS). forceStatus(service, status) makes
// a service answer a non-OK status (OVER_QUERY_LIMIT, UNKNOWN_ERROR…), the way Google does:
// HTTP 200 with that status and an error_message.
import { type FakeServer, startFakeServer } from './http.js';

export const FAKE_GOOGLE_KEY = 'fake-google-maps-key';

export const GEOCODE_FIXTURES: Record<
  string,
  { lat: number; lng: number; formatted: string; zip: string; type?: string }
> = {
  '1600 amphitheatre pkwy, mountain view, ca 94043': {
    lat: 37.4224764,
    lng: -122.0842499,
    formatted: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
    zip: '94043',
  },
  '350 5th ave, new york, ny 10118': {
    lat: 40.7484405,
    lng: -73.9856644,
    formatted: '350 5th Ave, New York, NY 10118, USA',
    zip: '10118',
  },
};

const PREDICTIONS = [
  { description: '1600 Amphitheatre Parkway, Mountain View, CA, USA', country: 'us' },
  { description: '1600 Pennsylvania Avenue NW, Washington, DC, USA', country: 'us' },
  { description: '160 Spear Street, San Francisco, CA, USA', country: 'us' },
  { description: '1600 Yonge Street, Toronto, ON, Canada', country: 'ca' },
];

type Service = 'geocode' | 'distancematrix' | 'autocomplete';

export interface FakeGoogle extends FakeServer {
  forceStatus(service: Service, status: string | null): void;
  /** Force an HTTP status instead (e.g. 503), or a hang of delayMs. */
  forceHttp(service: Service, status: number | null, delayMs?: number): void;
}

const rad = (d: number) => (d * Math.PI) / 180;
function haversineMetres(a: [number, number], b: [number, number]): number {
  const h =
    Math.sin(rad(b[0] - a[0]) / 2) ** 2 +
    Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(rad(b[1] - a[1]) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

function parsePoint(text: string): [number, number] | null {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(text.trim());
  if (m) return [Number(m[1]), Number(m[2])];
  const f = GEOCODE_FIXTURES[text.trim().toLowerCase()];
  return f ? [f.lat, f.lng] : null;
}

export async function startFakeGoogle(key = FAKE_GOOGLE_KEY): Promise<FakeGoogle> {
  const forced = new Map<Service, string>();
  const forcedHttp = new Map<Service, { status: number | null; delayMs: number }>();
  const server = await startFakeServer(async (req) => {
    const path = req.url.pathname;
    const service: Service | undefined =
      path === '/maps/api/geocode/json'
        ? 'geocode'
        : path === '/maps/api/distancematrix/json'
          ? 'distancematrix'
          : path === '/maps/api/place/autocomplete/json'
            ? 'autocomplete'
            : undefined;
    if (!service || req.method !== 'GET') return { status: 404, text: 'not found' };
    const http = forcedHttp.get(service);
    if (http) return { status: http.status ?? 200, text: 'unavailable', delayMs: http.delayMs };
    const q = req.url.searchParams;
    if (q.get('key') !== key) {
      return {
        status: 200,
        json: {
          status: 'REQUEST_DENIED',
          error_message: 'The provided API key is invalid.',
          results: [],
        },
      };
    }
    const status = forced.get(service);
    if (status) {
      return {
        status: 200,
        json: { status, error_message: `Forced ${status}`, results: [], rows: [], predictions: [] },
      };
    }

    if (service === 'geocode') {
      const address = q.get('address');
      if (!address) return { status: 200, json: { status: 'INVALID_REQUEST', results: [] } };
      const f = GEOCODE_FIXTURES[address.trim().toLowerCase()];
      if (!f) return { status: 200, json: { status: 'ZERO_RESULTS', results: [] } };
      return {
        status: 200,
        json: {
          status: 'OK',
          results: [
            {
              formatted_address: f.formatted,
              address_components: [
                { long_name: f.zip, short_name: f.zip, types: ['postal_code'] },
                { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
              ],
              geometry: {
                location: { lat: f.lat, lng: f.lng },
                location_type: f.type ?? 'ROOFTOP',
                viewport: {
                  northeast: { lat: f.lat + 0.001, lng: f.lng + 0.001 },
                  southwest: { lat: f.lat - 0.001, lng: f.lng - 0.001 },
                },
              },
              place_id: `fake-${f.zip}`,
              types: ['street_address'],
            },
          ],
        },
      };
    }

    if (service === 'distancematrix') {
      const origins = (q.get('origins') ?? '').split('|').filter(Boolean);
      const destinations = (q.get('destinations') ?? '').split('|').filter(Boolean);
      if (origins.length === 0 || destinations.length === 0) {
        return { status: 200, json: { status: 'INVALID_REQUEST', rows: [] } };
      }
      if (origins.length > 25 || destinations.length > 25) {
        return { status: 200, json: { status: 'MAX_DIMENSIONS_EXCEEDED', rows: [] } };
      }
      if (origins.length * destinations.length > 100) {
        return { status: 200, json: { status: 'MAX_ELEMENTS_EXCEEDED', rows: [] } };
      }
      const rows = origins.map((o) => ({
        elements: destinations.map((d) => {
          const a = parsePoint(o);
          const b = parsePoint(d);
          if (!a || !b) return { status: 'NOT_FOUND' };
          if ((a[0] === 0 && a[1] === 0) || (b[0] === 0 && b[1] === 0))
            return { status: 'ZERO_RESULTS' };
          const metres = Math.round(haversineMetres(a, b) * 1.3);
          const seconds = Math.round(metres / 13.4); // ~30 mph
          return {
            status: 'OK',
            distance: { value: metres, text: `${(metres / 1609.344).toFixed(1)} mi` },
            duration: { value: seconds, text: `${Math.max(1, Math.round(seconds / 60))} mins` },
          };
        }),
      }));
      return {
        status: 200,
        json: {
          status: 'OK',
          origin_addresses: origins,
          destination_addresses: destinations,
          rows,
        },
      };
    }

    // Places Autocomplete
    const input = (q.get('input') ?? '').trim().toLowerCase();
    if (!input) return { status: 200, json: { status: 'INVALID_REQUEST', predictions: [] } };
    const countries = (q.get('components') ?? '')
      .split('|')
      .filter((c) => c.startsWith('country:'))
      .map((c) => c.slice('country:'.length).toLowerCase());
    const predictions = PREDICTIONS.filter(
      (p) =>
        p.description.toLowerCase().startsWith(input) &&
        (countries.length === 0 || countries.includes(p.country)),
    ).map((p, i) => ({
      description: p.description,
      place_id: `fake-place-${i}`,
      structured_formatting: {
        main_text: p.description.split(',')[0],
        secondary_text: p.description.split(',').slice(1).join(',').trim(),
      },
      terms: p.description.split(', ').map((value, offset) => ({ offset, value })),
      types: ['street_address', 'geocode'],
      matched_substrings: [{ length: input.length, offset: 0 }],
    }));
    return {
      status: 200,
      json: predictions.length
        ? { status: 'OK', predictions }
        : { status: 'ZERO_RESULTS', predictions: [] },
    };
  });
  return Object.assign(server, {
    forceStatus: (service: Service, status: string | null) => {
      if (status) forced.set(service, status);
      else forced.delete(service);
    },
    forceHttp: (service: Service, status: number | null, delayMs = 0) => {
      if (status === null && delayMs === 0) forcedHttp.delete(service);
      else forcedHttp.set(service, { status, delayMs });
    },
  });
}
