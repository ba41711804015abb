// /api/utils: distance (spec §7 getGoogleDistance), US address suggestions and geocoding for the
// delivery modal, and the map tile settings. Public (the storefront has no session yet), rate
// limited per instance so they are no free proxy to a paid API (checklist C7.41).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/utils.js';
import type { AppContext } from '../../app-context.js';
import { publicLimited } from '../../lib/route-config.js';
import { distanceBetween, geocodeAddress, mapSettings, suggestAddresses } from './utils.service.js';

const GEO_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

export const utilsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = publicLimited(ctx.config, GEO_RATE_LIMIT);

    app.get(
      api.getDistance.path,
      { config: limited, schema: api.getDistance.schema },
      async (req) => {
        const d = await distanceBetween(
          ctx,
          api.parseLatLng(req.query.location1)!,
          api.parseLatLng(req.query.location2)!,
        );
        return { miles: d.miles, method: d.method };
      },
    );

    app.get(
      api.getAddressSuggestions.path,
      { config: limited, schema: api.getAddressSuggestions.schema },
      async (req) => {
        const list = await suggestAddresses(ctx, req.query.input, req.query.sessionToken);
        return { suggestions: list.suggestions, source: list.source };
      },
    );

    app.get(api.geocode.path, { config: limited, schema: api.geocode.schema }, async (req) => {
      const r = await geocodeAddress(ctx, req.query.address);
      return {
        location: r.location,
        formattedAddress: r.formattedAddress,
        zip: r.zip,
        precision: r.precision,
        source: r.source,
      };
    });

    app.get(
      api.getMapSettings.path,
      {
        config: { access: 'public' },
        schema: api.getMapSettings.schema,
      },
      async () => mapSettings(ctx),
    );
  };
