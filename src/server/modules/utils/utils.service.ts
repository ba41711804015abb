// Maps utilities for the storefront: distance in miles between two points, US address
// suggestions and geocoding for the delivery modal, and the map tile settings. Each answers from
// Google when configured and from the offline ZIP data otherwise or when Google fails.
import type { AppContext } from '../../app-context.js';
import type { Distance, GeocodeResult, LatLng, SuggestionList } from '../../adapters/geo/index.js';
import { notFound } from '../../lib/app-error.js';

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
