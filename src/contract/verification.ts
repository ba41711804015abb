// Phone verification at the spec's paths (C7 verification): send a code, check it.
import { z } from 'zod';
import { sendCodeSchema, verifyCodeSchema } from '../domain/validation/forms.js';
import { success } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

const recaptchaToken = z.string().max(4000).optional();
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody, 503: errorBody };
const tags = ['verification'];

export const sendVerificationCode = defineRoute('POST', '/api/verification/sendVeriCode', {
  tags,
  body: sendCodeSchema.extend({ recaptchaToken }),
  response: {
    200: z.object({
      success: z.literal(true),
      expiresInSeconds: z.number(),
      resendAfterSeconds: z.number(),
    }),
    ...errors,
  },
});

export const verifyPhone = defineRoute('POST', '/api/verification/verifyPhone', {
  tags,
  body: verifyCodeSchema.extend({ recaptchaToken }),
  response: { 200: success, ...errors },
});
