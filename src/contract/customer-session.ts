// Whether this browser's diner is signed in (spec §7 isAuth), and the diner as answers show them.
// Kept apart from customers.ts so the store page's first load does not carry the form rules.
import { z } from 'zod';
import { defineRoute } from './route.js';

export const customerView = z.object({ name: z.string(), email: z.string() });
export type CustomerView = z.infer<typeof customerView>;

export const customerIsAuth = defineRoute('GET', '/api/usersAuth/isAuth', {
  tags: ['customer auth'],
  response: { 200: z.object({ isAuth: z.boolean(), user: customerView.optional() }) },
});
