// Development only (never registered when NODE_ENV=production): the SMS and email the app sent or
// is about to send, as JSON at /api/dev/outbox (and as a page at /dev/outbox).
import { z } from 'zod';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const outboxQuery = z.object({
  kind: z.enum(['sms', 'email']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxMessageView = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.string(),
  purpose: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string().nullable(),
  body: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessageView = z.infer<typeof outboxMessageView>;

export const listDevOutbox = defineRoute('GET', '/api/dev/outbox', {
  tags: ['development'],
  description: 'Development only: recent SMS and email in the outbox.',
  querystring: outboxQuery,
  response: { 200: z.object({ messages: z.array(outboxMessageView) }), 400: errorBody },
});
