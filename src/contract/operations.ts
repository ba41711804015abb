// Operations endpoints (issue 31): the Prometheus metrics of one instance, in Prometheus' text
// format, behind the operator's token (METRICS_TOKEN).
import { z } from 'zod';
import { defineRoute } from './route.js';

export const metrics = defineRoute('GET', '/metrics', {
  tags: ['operations'],
  response: { 200: z.string() },
});
