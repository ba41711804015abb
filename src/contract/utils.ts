// /api/utils: distance (spec §7 getGoogleDistance), US address suggestions and geocoding for the
// delivery modal, and the map tile settings.
import { z } from 'zod';
import { type LatLng, latLng } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

const LAT_LNG = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;

/** "lat,lng" → a point, or null when it is not one (latitude ±90, longitude ±180). */
export function parseLatLng(text: string): LatLng | null {
  const m = LAT_LNG.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const latLngParam = z
  .string()
  .max(60)
  .refine((s) => parseLatLng(s) !== null, 'must be "lat,lng" (latitude ±90, longitude ±180)');

export const SUGGESTION_SOURCES = ['google', 'zipcodes'] as const;

export const addressSuggestion = z.object({
  description: z.string(),
  placeId: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  location: latLng.nullable(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

const tags = ['utils'];

export const getDistance = defineRoute('GET', '/api/utils/getGoogleDistance', {
  tags,
  description:
    'Miles between two points: driving distance from Google when configured, straight-line otherwise or when Google fails.',
  querystring: z.object({ location1: latLngParam, location2: latLngParam }),
  response: {
    200: z.object({ miles: z.number(), method: z.enum(['driving', 'straight-line']) }),
    400: errorBody,
    429: errorBody,
  },
});

export const getAddressSuggestions = defineRoute('GET', '/api/utils/addressSuggestions', {
  tags,
  description:
    'US-only address suggestions for the delivery modal (Google Places with components=country:us, or ZIP and city matches offline).',
  querystring: z.object({
    input: z.string().max(200),
    sessionToken: z.string().max(100).optional(),
  }),
  response: {
    200: z.object({
      suggestions: z.array(addressSuggestion),
      source: z.enum(SUGGESTION_SOURCES),
    }),
    400: errorBody,
    429: errorBody,
  },
});

export const geocode = defineRoute('GET', '/api/utils/geocode', {
  tags,
  description: 'A US address to a point (Google Geocoding, or the ZIP/city centroid offline).',
  querystring: z.object({ address: z.string().min(1).max(300) }),
  response: {
    200: z.object({
      location: latLng,
      formattedAddress: z.string(),
      zip: z.string().nullable(),
      precision: z.enum(['address', 'zip', 'city']),
      source: z.enum(SUGGESTION_SOURCES),
    }),
    400: errorBody,
    404: errorBody,
    429: errorBody,
  },
});

export const mapSettingsView = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapSettings = z.infer<typeof mapSettingsView>;

export const getMapSettings = defineRoute('GET', '/api/utils/mapSettings', {
  tags,
  description:
    'Map tile URL template and attribution (MAP_TILE_URL); without network the page shows the marker and the address.',
  response: { 200: mapSettingsView },
});
