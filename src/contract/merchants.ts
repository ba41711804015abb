// Merchant sign-in, sign-out and isAuth at the spec's /api/merchantUsers paths.
import { z } from 'zod';
import { merchantSignInSchema } from '../domain/merchant-rules/store.js';
import { success } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** The domain's sign-in form (it uses the spec's field names). */
export const merchantLoginBody = merchantSignInSchema;

const tags = ['merchant auth'];

export const merchantLogin = defineRoute('POST', '/api/merchantUsers/merchantLogin', {
  tags,
  body: merchantLoginBody,
  response: {
    200: z.object({ merchantId: z.string() }),
    401: errorBody,
    400: errorBody,
    /** Too many failures for the account: wait Retry-After seconds (sign-in-guesses.md). */
    429: errorBody,
  },
});

export const merchantLogout = defineRoute('POST', '/api/merchantUsers/merchantLogout', {
  tags,
  response: { 200: success },
});

export const merchantIsAuth = defineRoute('GET', '/api/merchantUsers/isAuth', {
  tags,
  response: { 200: z.object({ isAuth: z.boolean(), merchantId: z.string().optional() }) },
});
