// POST /api/contacts/customerInfo (spec §7; C7.38, C7.39): the body names the merchant and,
// optionally, the order; recipients and subject come from the merchant's settings, never the body.
import { z } from 'zod';
import { customerInfoSchema } from '../domain/validation/forms.js';
import { merchantIdParam, success, uuidParam } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** Unknown keys (the spec's `recipients` and `option.subject`) are dropped by the schema. */
export const customerInfoBody = z.object({
  merchantId: merchantIdParam,
  orderId: uuidParam.optional(),
  customerInfo: customerInfoSchema,
});
export type CustomerInfoBody = z.infer<typeof customerInfoBody>;

export const sendCustomerInfo = defineRoute('POST', '/api/contacts/customerInfo', {
  tags: ['contacts'],
  body: customerInfoBody,
  response: { 200: success, 400: errorBody, 404: errorBody },
});
