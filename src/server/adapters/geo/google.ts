// Google Maps web services (docs/protocols/google-maps.md): Geocoding, Distance Matrix and Places
// Autocomplete, GET …/json?…&key=. Every answer carries a top-level `status`; anything but OK (or
// ZERO_RESULTS where "nothing" is a fine answer) falls back to the offline data, so a Google
// outage, quota or key problem never stops a diner: distances become straight-line miles (spec
// C7.42).
import { offlineGeocode, offlineSuggest } from './offline.js';
import type { AddressSuggestion, GeoAdapter, GeocodeResult, LatLng } from './types.js';
import { haversineMiles, roundMiles } from './types.js';

export interface GoogleGeoOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

interface GoogleAnswer {
  status?: string;
  error_message?: string;
}
interface GeocodeAnswer extends GoogleAnswer {
  results?: {
    formatted_address?: string;
    geometry?: { location?: { lat?: number; lng?: number }; location_type?: string };
    address_components?: { long_name?: string; short_name?: string; types?: string[] }[];
  }[];
}
interface DistanceAnswer extends GoogleAnswer {
  rows?: { elements?: { status?: string; distance?: { value?: number } }[] }[];
}
interface AutocompleteAnswer extends GoogleAnswer {
  predictions?: {
    description?: string;
    place_id?: string;
    terms?: { value?: string }[];
  }[];
}

/** Calls one service; resolves to its JSON or to a failure reason (never throws). */
async function call<T extends GoogleAnswer>(
  opts: GoogleGeoOptions,
  service: string,
  params: Record<string, string>,
): Promise<{ ok: true; body: T } | { ok: false; reason: string }> {
  const url = new URL(`${opts.baseUrl}/maps/api/${service}/json`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('key', opts.apiKey);
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
    const body = (await res.json()) as T;
    if (typeof body.status !== 'string') return { ok: false, reason: 'no status' };
    return { ok: true, body };
  } catch (err) {
    return {
      ok: false,
      reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
    };
  }
}

const point = (p: LatLng) => `${p.lat},${p.lng}`;

export function createGoogleGeoAdapter(opts: GoogleGeoOptions): GeoAdapter {
  const adapter: GeoAdapter = {
    name: 'google',

    async geocode(address) {
      const r = await call<GeocodeAnswer>(opts, 'geocode', {
        address,
        components: 'country:US',
      });
      if (r.ok && r.body.status === 'ZERO_RESULTS') return null;
      const first = r.ok && r.body.status === 'OK' ? r.body.results?.[0] : undefined;
      const loc = first?.geometry?.location;
      if (first && typeof loc?.lat === 'number' && typeof loc.lng === 'number') {
        const zip =
          first.address_components?.find((c) => c.types?.includes('postal_code'))?.short_name ??
          null;
        const result: GeocodeResult = {
          location: { lat: loc.lat, lng: loc.lng },
          formattedAddress: first.formatted_address ?? address,
          zip,
          precision: first.geometry?.location_type === 'APPROXIMATE' ? 'city' : 'address',
          source: 'google',
        };
        return result;
      }
      const reason = r.ok ? r.body.status! : r.reason;
      const fallback = offlineGeocode(address);
      return fallback ? { ...fallback, fallbackReason: reason } : null;
    },

    async distance(from, to) {
      const r = await call<DistanceAnswer>(opts, 'distancematrix', {
        origins: point(from),
        destinations: point(to),
        mode: 'driving',
        units: 'imperial',
      });
      let reason: string;
      if (!r.ok) reason = r.reason;
      else if (r.body.status !== 'OK') reason = r.body.status!;
      else {
        const element = r.body.rows?.[0]?.elements?.[0];
        const metres = element?.distance?.value;
        if (element?.status === 'OK' && typeof metres === 'number') {
          return { miles: roundMiles(metres / 1609.344), method: 'driving' };
        }
        reason = `element ${element?.status ?? 'missing'}`;
      }
      return {
        miles: roundMiles(haversineMiles(from, to)),
        method: 'straight-line',
        fallbackReason: reason,
      };
    },

    async suggest(input, o = {}) {
      const limit = o.limit ?? 8;
      const text = input.trim();
      if (text.length < 2) return { suggestions: [], source: 'google' };
      const r = await call<AutocompleteAnswer>(opts, 'place/autocomplete', {
        input: text,
        components: 'country:us',
        types: 'address',
        ...(o.sessionToken ? { sessiontoken: o.sessionToken } : {}),
      });
      if (r.ok && r.body.status === 'ZERO_RESULTS') return { suggestions: [], source: 'google' };
      if (r.ok && r.body.status === 'OK') {
        const suggestions: AddressSuggestion[] = (r.body.predictions ?? [])
          .filter((p) => typeof p.description === 'string')
          .slice(0, limit)
          .map((p) => ({
            description: p.description!,
            placeId: p.place_id ?? null,
            zip: null,
            city: null,
            state: null,
            location: null,
          }));
        return { suggestions, source: 'google' };
      }
      return {
        suggestions: offlineSuggest(text, limit),
        source: 'zipcodes',
        fallbackReason: r.ok ? r.body.status! : r.reason,
      };
    },

    distanceMiles: async (from, to) => (await adapter.distance(from, to)).miles,
  };
  return adapter;
}
