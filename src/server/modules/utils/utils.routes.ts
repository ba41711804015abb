// /api/utils: distance (spec §7 getGoogleDistance), US address suggestions and geocoding for the
// delivery modal, and the map tile settings. Public (the storefront has no session yet), rate
// limited per instance so they are no free proxy to a paid API (checklist C7.41).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody } from '../../lib/schemas.js';
import {
  distanceBetween,
  geocodeAddress,
  mapSettings,
  parseLatLng,
  suggestAddresses,
} from './utils.service.js';

const latLngParam = z
  .string()
  .max(60)
  .refine((s) => parseLatLng(s) !== null, 'must be "lat,lng" (latitude ±90, longitude ±180)');

const point = z.object({ lat: z.number(), lng: z.number() });
const limited = { max: 120, timeWindow: '1 minute' };

const suggestion = z.object({
  description: z.string(),
  placeId: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  location: point.nullable(),
});

export const utilsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/utils/getGoogleDistance',
      {
        config: { access: 'public', rateLimit: scaledRateLimit(ctx.config, limited) },
        schema: {
          tags: ['utils'],
          description:
            'Miles between two points: driving distance from Google when configured, straight-line otherwise or when Google fails.',
          querystring: z.object({ location1: latLngParam, location2: latLngParam }),
          response: {
            200: z.object({ miles: z.number(), method: z.enum(['driving', 'straight-line']) }),
            400: errorBody,
            429: errorBody,
          },
        },
      },
      async (req) => {
        const d = await distanceBetween(
          ctx,
          parseLatLng(req.query.location1)!,
          parseLatLng(req.query.location2)!,
        );
        return { miles: d.miles, method: d.method };
      },
    );

    app.get(
      '/api/utils/addressSuggestions',
      {
        config: { access: 'public', rateLimit: scaledRateLimit(ctx.config, limited) },
        schema: {
          tags: ['utils'],
          description:
            'US-only address suggestions for the delivery modal (Google Places with components=country:us, or ZIP and city matches offline).',
          querystring: z.object({
            input: z.string().max(200),
            sessionToken: z.string().max(100).optional(),
          }),
          response: {
            200: z.object({
              suggestions: z.array(suggestion),
              source: z.enum(['google', 'zipcodes']),
            }),
            400: errorBody,
            429: errorBody,
          },
        },
      },
      async (req) => {
        const list = await suggestAddresses(ctx, req.query.input, req.query.sessionToken);
        return { suggestions: list.suggestions, source: list.source };
      },
    );

    app.get(
      '/api/utils/geocode',
      {
        config: { access: 'public', rateLimit: scaledRateLimit(ctx.config, limited) },
        schema: {
          tags: ['utils'],
          description:
            'A US address to a point (Google Geocoding, or the ZIP/city centroid offline).',
          querystring: z.object({ address: z.string().min(1).max(300) }),
          response: {
            200: z.object({
              location: point,
              formattedAddress: z.string(),
              zip: z.string().nullable(),
              precision: z.enum(['address', 'zip', 'city']),
              source: z.enum(['google', 'zipcodes']),
            }),
            400: errorBody,
            404: errorBody,
            429: errorBody,
          },
        },
      },
      async (req) => {
        const r = await geocodeAddress(ctx, req.query.address);
        return {
          location: r.location,
          formattedAddress: r.formattedAddress,
          zip: r.zip,
          precision: r.precision,
          source: r.source,
        };
      },
    );

    app.get(
      '/api/utils/mapSettings',
      {
        config: { access: 'public' },
        schema: {
          tags: ['utils'],
          description:
            'Map tile URL template and attribution (MAP_TILE_URL); without network the page shows the marker and the address.',
          response: { 200: z.object({ tileUrl: z.string(), attribution: z.string() }) },
        },
      },
      async () => mapSettings(ctx),
    );
  };
