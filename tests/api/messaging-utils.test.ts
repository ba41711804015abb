// /api/utils: getGoogleDistance (spec §7, C7.41/C7.42) and the delivery modal's US address
// suggestions and geocoding, offline and against a local fake of Google's web services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { FAKE_GOOGLE_KEY, type FakeGoogle, startFakeGoogle } from '../fakes/google-maps.js';
import { createTestApp } from '../support/test-app.js';

const MV = '37.4224764,-122.0842499';
const PA = '37.4419,-122.143';
const get = (t: App, url: string) => t.app.inject({ method: 'GET', url });

describe('utils offline (no GOOGLE_MAPS_API_KEY)', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('answers straight-line miles between two points (C7.41, K9.18)', async () => {
    const res = await get(t, `/api/utils/getGoogleDistance?location1=${MV}&location2=${PA}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe('straight-line');
    // Mountain View (Googleplex) → Palo Alto centre: about 3.5 miles as the crow flies.
    expect(body.miles).toBeCloseTo(3.49, 2);
  });

  it('refuses a location that is not "lat,lng" or is out of range', async () => {
    for (const bad of ['abc', '91,0', '0,181', '40.7', '']) {
      const res = await get(
        t,
        `/api/utils/getGoogleDistance?location1=${encodeURIComponent(bad)}&location2=${PA}`,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().issues[0].path).toEqual(['querystring', 'location1']);
    }
    expect((await get(t, `/api/utils/getGoogleDistance?location1=${MV}`)).statusCode).toBe(400);
  });

  it('suggests US ZIP codes and cities (S2.35)', async () => {
    const zip = (await get(t, '/api/utils/addressSuggestions?input=10001')).json();
    expect(zip.source).toBe('zipcodes');
    expect(zip.suggestions[0]).toMatchObject({
      description: 'New York, NY 10001',
      zip: '10001',
      state: 'NY',
    });
    const city = (await get(t, '/api/utils/addressSuggestions?input=Toronto')).json();
    expect(city.suggestions.every((s: { state: string }) => s.state !== 'ON')).toBe(true);
  });

  it('geocodes to the ZIP centroid, 404 when nothing matches', async () => {
    const ok = await get(
      t,
      `/api/utils/geocode?address=${encodeURIComponent('1 Main St, New York, NY 10001')}`,
    );
    expect(ok.json()).toMatchObject({ zip: '10001', precision: 'zip', source: 'zipcodes' });
    expect((await get(t, '/api/utils/geocode?address=nowhere')).statusCode).toBe(404);
  });

  it('gives the map tile URL setting', async () => {
    expect((await get(t, '/api/utils/mapSettings')).json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });
});

describe('utils with Google (GOOGLE_MAPS_API_KEY, fake server)', () => {
  let t: App;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp({
      env: {
        GOOGLE_MAPS_API_KEY: FAKE_GOOGLE_KEY,
        GOOGLE_MAPS_BASE_URL: google.baseUrl,
        MAP_TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await google.close();
  });

  it('answers driving miles from the Distance Matrix', async () => {
    const body = (
      await get(t, `/api/utils/getGoogleDistance?location1=${MV}&location2=${PA}`)
    ).json();
    expect(body.method).toBe('driving');
    expect(body.miles).toBeGreaterThan(4.5);
  });

  it.each([
    'OVER_QUERY_LIMIT',
    'REQUEST_DENIED',
    'INVALID_REQUEST',
    'UNKNOWN_ERROR',
    'ZERO_RESULTS',
  ])(
    'falls back to straight-line miles when the Distance Matrix answers %s (C7.42)',
    async (status) => {
      google.forceStatus('distancematrix', status);
      try {
        const res = await get(t, `/api/utils/getGoogleDistance?location1=${MV}&location2=${PA}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().method).toBe('straight-line');
      } finally {
        google.forceStatus('distancematrix', null);
      }
    },
  );

  it('suggests US addresses only from Places (components=country:us)', async () => {
    const body = (await get(t, '/api/utils/addressSuggestions?input=1600&sessionToken=abc')).json();
    expect(body.source).toBe('google');
    expect(body.suggestions.map((s: { description: string }) => s.description)).toEqual([
      '1600 Amphitheatre Parkway, Mountain View, CA, USA',
      '1600 Pennsylvania Avenue NW, Washington, DC, USA',
    ]);
  });

  it('geocodes with Google and falls back to the ZIP centroid when Google refuses', async () => {
    const ok = (
      await get(
        t,
        `/api/utils/geocode?address=${encodeURIComponent('350 5th Ave, New York, NY 10118')}`,
      )
    ).json();
    expect(ok).toMatchObject({
      source: 'google',
      precision: 'address',
      location: { lat: 40.7484405 },
    });
    google.forceStatus('geocode', 'OVER_QUERY_LIMIT');
    try {
      const fb = (
        await get(
          t,
          `/api/utils/geocode?address=${encodeURIComponent('350 5th Ave, New York, NY 10118')}`,
        )
      ).json();
      expect(fb).toMatchObject({ source: 'zipcodes', zip: '10118' });
    } finally {
      google.forceStatus('geocode', null);
    }
  });

  it('gives the configured tile URL', async () => {
    expect((await get(t, '/api/utils/mapSettings')).json().tileUrl).toBe(
      'http://tiles.local/{z}/{x}/{y}.png',
    );
  });
});
