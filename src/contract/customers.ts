// Diner accounts at the spec's /api/usersAuth paths (§7 Customer auth): sign-in, sign-up,
// sign-out, isAuth, the profile, and the User dashboard's reads (order history, order amount,
// loyalty points). Amounts in cents. The form rules come from the domain's form schemas.
import { z } from 'zod';
import { MESSAGES } from '../domain/messages.js';
import { profileSchema, signInSchema, signUpSchema } from '../domain/validation/forms.js';
import { merchantIdParam, success } from './common.js';
import { customerView } from './customer-session.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

const up = signUpSchema.shape;
const profile = profileSchema.shape;

/** The Sign In tab's body, with length caps so nothing huge reaches the password hash. */
export const customerLoginBody = z.object({
  email: signInSchema.shape.email.max(254, 'Invalid'),
  password: signInSchema.shape.password.max(200, 'Invalid'),
  /**
   * The spec's "external" flag (a browser-side social sign-in vouching for itself) is refused:
   * social sign-in goes through the OIDC routes, where the server checks the provider's token.
   */
  external: z.boolean().optional(),
});

/** The Sign Up tab's body, under the spec's field names (name = the form's username). */
export const customerRegisterBody = z
  .object({
    name: up.username,
    email: up.email,
    password: up.password,
    /** Checked when sent; the form always sends it. */
    confirmPassword: up.confirmPassword.max(200).optional(),
    /** The Sign Up captcha's token; required when a captcha is configured. */
    recaptchaToken: z.string().max(4000).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: MESSAGES.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

/** The User Info tab's body, under the spec's User field names. */
export const profileUpdateBody = z.object({
  username: profile.username,
  order_name: profile.name,
  order_address: profile.address,
  order_zipcode: profile.zipcode,
  order_phone: profile.phone,
  /** Only a password account's email may change. */
  email: up.email.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateBody>;

// The session read lives in its own file so the store page's first load (the account button)
// does not carry the form rules: one definition, re-exported here.
export { customerIsAuth, customerView, type CustomerView } from './customer-session.js';

export const profileView = z.object({
  name: z.string(),
  email: z.string(),
  login_portal: z.string().nullable(),
  order_name: z.string(),
  order_address: z.string(),
  order_phone: z.string(),
  order_zipcode: z.string(),
});
export type ProfileView = z.infer<typeof profileView>;

const tags = ['customer auth'];

export const customerLogin = defineRoute('POST', '/api/usersAuth/userLogin', {
  tags,
  body: customerLoginBody,
  response: {
    200: z.object({ success: z.literal(true), user: customerView }),
    400: errorBody,
    401: errorBody,
    /** Too many failures for the account: wait Retry-After seconds (sign-in-guesses.md). */
    429: errorBody,
  },
});

export const customerRegister = defineRoute('POST', '/api/usersAuth/userRegister', {
  tags,
  body: customerRegisterBody,
  response: {
    201: z.object({ success: z.literal(true), message: z.string(), user: customerView }),
    400: errorBody,
    409: errorBody,
    503: errorBody,
  },
});

export const customerLogout = defineRoute('POST', '/api/usersAuth/userLogout', {
  tags,
  response: { 200: success },
});

export const getProfile = defineRoute('GET', '/api/usersAuth/userInfo', {
  tags,
  response: { 200: z.object({ success: z.literal(true), user: profileView }), 401: errorBody },
});

export const updateProfile = defineRoute('POST', '/api/usersAuth/updateUserInfo', {
  tags,
  body: profileUpdateBody,
  response: {
    200: z.object({ success: z.literal(true), message: z.string(), user: profileView }),
    400: errorBody,
    401: errorBody,
    409: errorBody,
  },
});

// ---------------------------------------------------------------- the User dashboard's reads

export const orderHistoryRow = z.object({
  _id: z.string(),
  merchant_info: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    merchantId: z.string(),
  }),
  /** When the order was placed (ISO 8601). */
  orderSaveDate: z.string(),
  totalCents: z.number().int(),
  orderMethod: z.string(),
  /** The merchant's order number. */
  orderId: z.number().int().nullable(),
  hasVoid: z.boolean(),
});
export type OrderHistoryRow = z.infer<typeof orderHistoryRow>;

export const orderHistoryPage = z.object({
  orderHistory: z.array(orderHistoryRow),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type OrderHistoryPage = z.infer<typeof orderHistoryPage>;

export const orderAmountTotal = z.object({
  /** Cents of the diner's placed orders that were not voided. */
  total: z.number().int(),
  count: z.number().int(),
});
export type OrderAmountTotal = z.infer<typeof orderAmountTotal>;

export const loyaltyPoints = z.object({
  pointsAvailable: z.number().int(),
  /** Newest first, at most 100 rows. */
  history: z.array(z.object({ points: z.number().int(), detail: z.string(), date: z.string() })),
});
export type LoyaltyPoints = z.infer<typeof loyaltyPoints>;

const accountTags = ['customer account'];

export const getOrderHistory = defineRoute('GET', '/api/usersAuth/getOrderHistory', {
  tags: accountTags,
  querystring: z.object({
    /** The `_id` of the last row of the previous page: older orders follow. */
    before: z.uuid('Invalid id').optional(),
  }),
  response: {
    200: z.object({ success: z.literal(true), ...orderHistoryPage.shape }),
    400: errorBody,
    401: errorBody,
    404: errorBody,
  },
});

export const getOrderAmount = defineRoute('GET', '/api/usersAuth/getOrderAmount', {
  tags: accountTags,
  response: {
    200: z.object({ success: z.literal(true), orderAmount: orderAmountTotal }),
    401: errorBody,
  },
});

export const getLoyaltyPoints = defineRoute('GET', '/api/usersAuth/getLoyaltyPoints', {
  tags: accountTags,
  response: {
    200: z.object({ success: z.literal(true), ...loyaltyPoints.shape }),
    401: errorBody,
  },
});

// ---------------------------------------------------------------- a forgotten password

/** Always answered the same, whether or not the email has an account (no account probing). */
export const RESET_REQUESTED =
  'If an account uses this email, we have sent it a link to choose a new password. The link works once, for 30 minutes.';
export const RESET_LINK_INVALID =
  'This link to reset your password is invalid, used or expired. Please ask for a new one.';
export const PASSWORD_RESET_DONE = 'Your password is changed. Please sign in with it.';

export const requestPasswordReset = defineRoute('POST', '/api/usersAuth/passwordReset/request', {
  tags,
  description:
    'Emails a one-time link (30 minutes) to choose a new password; the same answer for any email.',
  body: z.object({ email: up.email, merchantId: merchantIdParam }),
  response: {
    200: z.object({ success: z.literal(true), message: z.string() }),
    400: errorBody,
    429: errorBody,
  },
});

export const confirmPasswordReset = defineRoute('POST', '/api/usersAuth/passwordReset/confirm', {
  tags,
  body: z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, RESET_LINK_INVALID),
    password: up.password,
  }),
  response: {
    200: z.object({ success: z.literal(true), message: z.string() }),
    400: errorBody,
    429: errorBody,
  },
});
