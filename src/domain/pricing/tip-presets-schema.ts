// The checks of a store's tip presets (issue 28), apart from tips.ts: the storefront's first load
// imports tips.ts and must not carry zod (tests/lint/store-first-load.test.ts).
import { z } from 'zod';
import { ORDER_METHODS, type OrderMethod } from '../settings/schemas.js';
import { MAX_TIP_PRESETS, type TipPresets } from './tips.js';

/** A store's tip presets, in whole percents: the choices shown and the default per method. */
export const tipPresetsSchema: z.ZodType<TipPresets> = z
  .object({
    percents: z
      .array(z.number().int('Whole percents only').min(0, '0 to 100 %').max(100, '0 to 100 %'))
      .min(1, 'At least one tip preset')
      .max(MAX_TIP_PRESETS, `At most ${MAX_TIP_PRESETS} tip presets`)
      .refine((p) => new Set(p).size === p.length, 'Each tip preset only once'),
    defaults: z.object(
      Object.fromEntries(ORDER_METHODS.map((m) => [m, z.number().int()])) as Record<
        OrderMethod,
        z.ZodNumber
      >,
    ),
  })
  .superRefine((v, ctx) => {
    for (const method of ORDER_METHODS) {
      if (!v.percents.includes(v.defaults[method])) {
        ctx.addIssue({
          code: 'custom',
          path: ['defaults', method],
          message: 'The default must be one of the presets',
        });
      }
    }
  });
