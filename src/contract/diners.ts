// The anonymous diner id (a cookie the cart and verification routes are keyed on).
import { z } from 'zod';
import { defineRoute } from './route.js';

export const dinerCookie = defineRoute('GET', '/api/users/cookie', {
  tags: ['cart'],
  response: { 200: z.object({ uid: z.string() }) },
});
