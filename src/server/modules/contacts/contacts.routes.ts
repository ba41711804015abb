// POST /api/contacts/customerInfo (spec §7; checklist C7.38, E3.60, T4.87, V5.99–V5.102), made
// safe (C7.39): the body names the merchant and, optionally, the order; recipients and subject
// come from the merchant's customerInfoCollect setting, and any the browser sends are ignored.
// POST /api/contacts/merchant is deliberately not built (C7.40). See
// docs/decisions/contacts-customer-info.md.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/contacts.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import { submitCustomerInfo } from './contacts.service.js';

/** Per client IP and instance: a public form that sends email must not become a spam cannon. */
export const CUSTOMER_INFO_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };

export const contactsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      api.sendCustomerInfo.path,
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, CUSTOMER_INFO_RATE_LIMIT),
        },
        // The form's field messages ("This field needs to be filled", …) are the banner text.
        attachValidation: true,
        schema: api.sendCustomerInfo.schema,
      },
      async (request) => {
        rejectInvalid(request, firstIssueMessage);
        await submitCustomerInfo(ctx, request.body);
        return { success: true as const };
      },
    );
  };
