// Maps: the offline ZIP-centroid default, and Google Geocoding / Distance Matrix / Places
// Autocomplete against a local fake (docs/protocols/google-maps.md), including every non-OK status.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_GOOGLE_KEY,
  type FakeGoogle,
  startFakeGoogle,
} from '../../../../tests/fakes/google-maps.js';
import {
  createGoogleGeoAdapter,
  createOfflineGeoAdapter,
  haversineMiles,
  offlineSuggest,
} from './index.js';

let fake: FakeGoogle;
beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(() => fake.close());
afterEach(() => {
  for (const s of ['geocode', 'distancematrix', 'autocomplete'] as const) {
    fake.forceStatus(s, null);
    fake.forceHttp(s, null);
  }
});

const google = (key = FAKE_GOOGLE_KEY, timeoutMs = 2000) =>
  createGoogleGeoAdapter({ apiKey: key, baseUrl: fake.baseUrl, timeoutMs });

const MOUNTAIN_VIEW = { lat: 37.4224764, lng: -122.0842499 };
const PALO_ALTO = { lat: 37.4419, lng: -122.143 };
const NON_OK = [
  'OVER_QUERY_LIMIT',
  'REQUEST_DENIED',
  'INVALID_REQUEST',
  'UNKNOWN_ERROR',
  'OVER_DAILY_LIMIT',
];

describe('offline maps (ZIP-code centroids, straight-line miles)', () => {
  const geo = createOfflineGeoAdapter();

  it('measures straight-line miles between two points (K9.18 distance in miles)', async () => {
    // Empire State Building → Times Square is about 0.6 miles as the crow flies.
    const d = await geo.distance({ lat: 40.7484, lng: -73.9857 }, { lat: 40.758, lng: -73.9855 });
    expect(d.method).toBe('straight-line');
    expect(d.miles).toBeGreaterThan(0.6);
    expect(d.miles).toBeLessThan(0.7);
    expect(await geo.distanceMiles(MOUNTAIN_VIEW, MOUNTAIN_VIEW)).toBe(0);
  });

  it('geocodes an address to its ZIP centroid, or a "City, ST" to the city', async () => {
    expect(await geo.geocode('350 5th Ave, New York, NY 10001')).toMatchObject({
      zip: '10001',
      precision: 'zip',
      source: 'zipcodes',
      location: { lat: 40.7484, lng: -73.9967 },
    });
    expect(await geo.geocode('Beverly Hills, CA')).toMatchObject({ precision: 'city' });
    expect(await geo.geocode('somewhere over the rainbow')).toBeNull();
  });

  it('suggests ZIP codes and US cities only (S2.35, K9 address autocomplete limited to the US)', async () => {
    const zips = (await geo.suggest('9021')).suggestions;
    expect(zips.map((s) => s.zip)).toContain('90210');
    expect(zips.every((s) => s.zip!.startsWith('9021'))).toBe(true);
    const cities = (await geo.suggest('Springf')).suggestions;
    expect(cities.length).toBeGreaterThan(3);
    expect(cities.every((s) => s.city === 'Springfield')).toBe(true);
    // Toronto is a Canadian city in the same data; only US places named Toronto may appear.
    const toronto = offlineSuggest('Toronto');
    expect(toronto.every((s) => /^\d{5}$/.test(s.zip!) && s.state !== 'ON')).toBe(true);
    expect(offlineSuggest('M5V')).toEqual([]);
  });

  it('completes a typed street with its ZIP or city and state', () => {
    expect(offlineSuggest('123 Main St, Springfield, IL')[0]?.description).toBe(
      '123 Main St, Springfield, IL 62701',
    );
    expect(offlineSuggest('12 Oak Ave, 10001')[0]?.description).toBe(
      '12 Oak Ave, New York, NY 10001',
    );
  });
});

describe('Google Geocoding', () => {
  it('asks for the address restricted to the US and reads the first result', async () => {
    const r = await google().geocode('1600 Amphitheatre Pkwy, Mountain View, CA 94043');
    expect(r).toEqual({
      location: MOUNTAIN_VIEW,
      formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      zip: '94043',
      precision: 'address',
      source: 'google',
    });
    const q = fake.requests.at(-1)!.url.searchParams;
    expect(q.get('components')).toBe('country:US');
    expect(q.get('key')).toBe(FAKE_GOOGLE_KEY);
  });

  it('answers null for ZERO_RESULTS', async () => {
    expect(await google().geocode('1 Nowhere Lane, Atlantis 99999')).toBeNull();
  });

  it.each(NON_OK)('falls back to the ZIP centroid on %s', async (status) => {
    fake.forceStatus('geocode', status);
    expect(await google().geocode('1 Main St, New York, NY 10001')).toMatchObject({
      source: 'zipcodes',
      zip: '10001',
      fallbackReason: status,
    });
  });

  it('falls back when the key is wrong (REQUEST_DENIED) or Google is down', async () => {
    expect(await google('bad-key').geocode('1 Main St, New York, NY 10001')).toMatchObject({
      fallbackReason: 'REQUEST_DENIED',
    });
    fake.forceHttp('geocode', 503);
    expect(await google().geocode('1 Main St, New York, NY 10001')).toMatchObject({
      fallbackReason: 'HTTP 503',
    });
  });
});

describe('Google Distance Matrix (C7.42 driving distance with straight-line fallback)', () => {
  it('answers driving miles from the element distance in metres', async () => {
    const d = await google().distance(MOUNTAIN_VIEW, PALO_ALTO);
    const straight = haversineMiles(MOUNTAIN_VIEW, PALO_ALTO);
    expect(d.method).toBe('driving');
    expect(d.miles).toBeCloseTo(straight * 1.3, 1);
    const q = fake.requests.at(-1)!.url.searchParams;
    expect(q.get('origins')).toBe('37.4224764,-122.0842499');
    expect(q.get('destinations')).toBe('37.4419,-122.143');
    expect(q.get('mode')).toBe('driving');
  });

  it.each(NON_OK)('falls back to straight-line miles on top-level %s', async (status) => {
    fake.forceStatus('distancematrix', status);
    const d = await google().distance(MOUNTAIN_VIEW, PALO_ALTO);
    expect(d).toEqual({
      miles: Math.round(haversineMiles(MOUNTAIN_VIEW, PALO_ALTO) * 100) / 100,
      method: 'straight-line',
      fallbackReason: status,
    });
  });

  it('falls back when the element has no route (ZERO_RESULTS)', async () => {
    const d = await google().distance(MOUNTAIN_VIEW, { lat: 0, lng: 0 });
    expect(d.method).toBe('straight-line');
    expect(d.fallbackReason).toBe('element ZERO_RESULTS');
  });

  it('falls back when Google is slow or unreachable', async () => {
    fake.forceHttp('distancematrix', null, 1500);
    expect(await google(FAKE_GOOGLE_KEY, 200).distance(MOUNTAIN_VIEW, PALO_ALTO)).toMatchObject({
      method: 'straight-line',
      fallbackReason: 'timeout',
    });
    const down = createGoogleGeoAdapter({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 500,
    });
    expect((await down.distance(MOUNTAIN_VIEW, PALO_ALTO)).method).toBe('straight-line');
  });
});

describe('Google Places Autocomplete (S2.35 US only)', () => {
  it('restricts to country:us, asks for addresses with the session token and reads predictions', async () => {
    const r = await google().suggest('1600', { sessionToken: 'tok-1' });
    expect(r.source).toBe('google');
    expect(r.suggestions.map((s) => s.description)).toEqual([
      '1600 Amphitheatre Parkway, Mountain View, CA, USA',
      '1600 Pennsylvania Avenue NW, Washington, DC, USA',
    ]);
    const q = fake.requests.at(-1)!.url.searchParams;
    expect(q.get('components')).toBe('country:us');
    expect(q.get('types')).toBe('address');
    expect(q.get('sessiontoken')).toBe('tok-1');
  });

  it('answers no suggestions for ZERO_RESULTS', async () => {
    expect(await google().suggest('zzzz')).toEqual({ suggestions: [], source: 'google' });
  });

  it.each(NON_OK)('falls back to offline ZIP/city suggestions on %s', async (status) => {
    fake.forceStatus('autocomplete', status);
    const r = await google().suggest('Springf');
    expect(r.source).toBe('zipcodes');
    expect(r.fallbackReason).toBe(status);
    expect(r.suggestions[0]?.city).toBe('Springfield');
  });
});
