// Schemas shared by many routes.
import { z } from 'zod';

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});

/** The spec's merchantId path parameter (a slug). */
export const merchantIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid merchant id');

export const uuidParam = z.uuid('Invalid id');
