// The offline geo default: US ZIP-code centroids from the `zipcodes` package, straight-line
// miles, and ZIP / city suggestions. The 5 MB data file is loaded on first use.
import { createRequire } from 'node:module';
import type { AddressSuggestion, GeoAdapter, GeocodeResult, LatLng } from './types.js';
import { haversineMiles, roundMiles } from './types.js';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipIndex {
  byZip: Map<string, ZipRecord>;
  /** US records sorted by ZIP, for prefix search. */
  zips: ZipRecord[];
  /** One record per (city, state), sorted by lower-case city, for prefix search. */
  cities: { key: string; rec: ZipRecord }[];
}

let index: ZipIndex | undefined;

function zipIndex(): ZipIndex {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const lib = require('zipcodes') as { codes: Record<string, ZipRecord> };
  const us = Object.values(lib.codes).filter(
    (r) => r.country === 'US' && /^\d{5}$/.test(r.zip) && r.latitude && r.longitude,
  );
  us.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const seen = new Set<string>();
  const cities: { key: string; rec: ZipRecord }[] = [];
  for (const rec of us) {
    const k = `${rec.city.toLowerCase()}|${rec.state}`;
    if (seen.has(k)) continue;
    seen.add(k);
    cities.push({ key: rec.city.toLowerCase(), rec });
  }
  cities.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.rec.state < b.rec.state ? -1 : 1,
  );
  index = { byZip: new Map(us.map((r) => [r.zip, r])), zips: us, cities };
  return index;
}

/** First position whose key is >= prefix (the list is sorted by key). */
function lowerBound<T>(list: T[], key: (t: T) => string, prefix: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(list[mid]!) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const pointOf = (r: ZipRecord): LatLng => ({ lat: r.latitude, lng: r.longitude });
const placeText = (r: ZipRecord) => `${r.city}, ${r.state} ${r.zip}`;
const suggestionOf = (r: ZipRecord, street = ''): AddressSuggestion => ({
  description: street ? `${street}, ${placeText(r)}` : placeText(r),
  placeId: null,
  zip: r.zip,
  city: r.city,
  state: r.state,
  location: pointOf(r),
});

/** The US record of a 5-digit ZIP. */
export function lookupZip(zip: string): ZipRecord | undefined {
  return zipIndex().byZip.get(zip);
}

/** The last 5-digit group of an address (ZIP or ZIP+4), e.g. "… NY 10001-1234" → "10001". */
function zipIn(text: string): string | undefined {
  const all = [...text.matchAll(/(?:^|[^\d])(\d{5})(?:-\d{4})?(?![\d])/g)];
  return all.at(-1)?.[1];
}

/** "Springfield, IL" or "… , Springfield, IL" at the end of an address. */
function cityStateIn(text: string): { street: string; city: string; state: string } | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return undefined;
  const state = parts.at(-1)!.toUpperCase();
  if (!/^[A-Z]{2}$/.test(state)) return undefined;
  return { street: parts.slice(0, -2).join(', '), city: parts.at(-2)!, state };
}

function cityMatches(prefix: string, state: string | undefined, limit: number): ZipRecord[] {
  const { cities } = zipIndex();
  const out: ZipRecord[] = [];
  for (let i = lowerBound(cities, (c) => c.key, prefix); i < cities.length; i++) {
    const c = cities[i]!;
    if (!c.key.startsWith(prefix)) break;
    if (state && c.rec.state !== state) continue;
    out.push(c.rec);
    if (out.length >= limit) break;
  }
  return out;
}

export function offlineGeocode(address: string): GeocodeResult | null {
  const zip = zipIn(address);
  const rec = zip ? lookupZip(zip) : undefined;
  if (rec) {
    return {
      location: pointOf(rec),
      formattedAddress: address.trim(),
      zip: rec.zip,
      precision: 'zip',
      source: 'zipcodes',
    };
  }
  const cs = cityStateIn(address);
  if (cs) {
    const city = cityMatches(cs.city.toLowerCase(), cs.state, 50).find(
      (r) => r.city.toLowerCase() === cs.city.toLowerCase(),
    );
    if (city) {
      return {
        location: pointOf(city),
        formattedAddress: address.trim(),
        zip: null,
        precision: 'city',
        source: 'zipcodes',
      };
    }
  }
  return null;
}

export function offlineSuggest(input: string, limit = 8): AddressSuggestion[] {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text.length < 2) return [];
  // Only digits: ZIP codes starting with them.
  if (/^\d{2,5}$/.test(text)) {
    const { zips } = zipIndex();
    const out: AddressSuggestion[] = [];
    for (let i = lowerBound(zips, (r) => r.zip, text); i < zips.length && out.length < limit; i++) {
      if (!zips[i]!.zip.startsWith(text)) break;
      out.push(suggestionOf(zips[i]!));
    }
    return out;
  }
  // An address with a ZIP: that ZIP's city and state completes it.
  const zip = zipIn(text);
  if (zip) {
    const rec = lookupZip(zip);
    if (!rec) return [];
    const street = text
      .slice(0, text.lastIndexOf(zip))
      .replace(/[\s,]+$/, '')
      .split(',')[0]!
      .trim();
    return [suggestionOf(rec, /\d/.test(street) ? street : '')];
  }
  // "street, city, ST" / "city, ST" / "city": city names starting with what was typed.
  const cs = cityStateIn(text);
  if (cs) {
    return cityMatches(cs.city.toLowerCase(), cs.state, limit).map((r) =>
      suggestionOf(r, cs.street),
    );
  }
  const parts = text.split(',').map((p) => p.trim());
  const cityPart = parts.length > 1 ? parts.at(-1)! : text;
  const street = parts.length > 1 ? parts.slice(0, -1).join(', ') : '';
  if (cityPart.length < 2 || /^\d/.test(cityPart)) return [];
  return cityMatches(cityPart.toLowerCase(), undefined, limit).map((r) => suggestionOf(r, street));
}

export function createOfflineGeoAdapter(): GeoAdapter {
  return {
    name: 'offline',
    geocode: async (address) => offlineGeocode(address),
    distance: async (from, to) => ({
      miles: roundMiles(haversineMiles(from, to)),
      method: 'straight-line',
    }),
    distanceMiles: async (from, to) => roundMiles(haversineMiles(from, to)),
    suggest: async (input, opts = {}) => ({
      suggestions: offlineSuggest(input, opts.limit),
      source: 'zipcodes',
    }),
  };
}
