// Path parameters and small shapes many routes share.
import { z } from 'zod';

/** The spec's merchantId path parameter (a slug). */
export const merchantIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid merchant id');

export const uuidParam = z.uuid('Invalid id');

export const merchantParams = z.object({ merchantId: merchantIdParam });

/** The params of a route under a merchant naming one record by its id. */
export const merchantRecordParams = merchantParams.extend({ id: uuidParam });

export const latLng = z.object({ lat: z.number(), lng: z.number() });
export type LatLng = z.infer<typeof latLng>;

/** The `{ success: true }` answer of routes that have nothing else to say. */
export const success = z.object({ success: z.literal(true) });

/**
 * A query parameter holding JSON (the spec's `queryObj`, `dateRangeObj`), checked by `schema`:
 * text that is not JSON is refused with "Not JSON", JSON of the wrong shape by the schema's rules.
 */
export function jsonQueryParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
