// Phone verification at the spec's paths (C7 verification): send a code, check it.
import { z } from 'zod';
import { MESSAGES } from '../domain/messages.js';
import { sendCodeSchema } from '../domain/validation/forms.js';
import { success } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

const phoneNum = sendCodeSchema.shape.phone;
const recaptchaToken = z.string().max(4000).optional();
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody, 503: errorBody };
const tags = ['verification'];

export const sendVerificationCode = defineRoute('POST', '/api/verification/sendVeriCode', {
  tags,
  body: z.object({ phoneNum, recaptchaToken }),
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
  body: z.object({
    phoneNum,
    verificationCode: z
      .string({ error: MESSAGES.CODE_INVALID })
      .trim()
      .regex(/^\d{4}$/, MESSAGES.CODE_INVALID),
    recaptchaToken,
  }),
  response: { 200: success, ...errors },
});
