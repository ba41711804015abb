// Maps utilities for the storefront: distance in miles between two points, US address
// suggestions and geocoding for the delivery modal, and the map tile settings. Each answers from
// Google when configured and from the offline ZIP data otherwise or when Google fails.
import type { AppContext } from '../../app-context.js';
import type { Distance, GeocodeResult, LatLng, SuggestionList } from '../../adapters/geo/index.js';
import { notFound } from '../../lib/app-error.js';

function noteFallback(ctx: AppContext, what: string, reason: string | undefined): void {
  if (reason) ctx.log.warn({ reason }, `google ${what} failed; answered from offline data`);
}

export async function distanceBetween(ctx: AppContext, a: LatLng, b: LatLng): Promise<Distance> {
  const d = await ctx.adapters.geo.distance(a, b);
  noteFallback(ctx, 'distance matrix', d.fallbackReason);
  return d;
}

export async function suggestAddresses(
  ctx: AppContext,
  input: string,
  sessionToken?: string,
): Promise<SuggestionList> {
  const list = await ctx.adapters.geo.suggest(input, sessionToken ? { sessionToken } : {});
  noteFallback(ctx, 'places autocomplete', list.fallbackReason);
  return list;
}

export async function geocodeAddress(ctx: AppContext, address: string): Promise<GeocodeResult> {
  const r = await ctx.adapters.geo.geocode(address);
  if (!r) throw notFound('Address');
  noteFallback(ctx, 'geocoding', r.fallbackReason);
  return r;
}

export function mapSettings(ctx: AppContext): { tileUrl: string; attribution: string } {
  return { tileUrl: ctx.config.mapTiles.url, attribution: ctx.config.mapTiles.attribution };
}
