// Liveness (/healthz) and readiness (/readyz), for load balancers and orchestrators.
import { z } from 'zod';
import { defineRoute } from './route.js';

const status = z.object({ status: z.string() });

export const liveness = defineRoute('GET', '/healthz', {
  tags: ['health'],
  response: { 200: status },
});

/** 503 while shutting down or when the database does not answer. */
export const readiness = defineRoute('GET', '/readyz', {
  tags: ['health'],
  response: { 200: status, 503: status },
});
