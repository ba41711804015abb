// The route config of a public call that a caller could abuse (guessing, mass sign-ups, a free
// proxy to a paid API): open to anyone, rate limited per client IP and instance
// (docs/design/data.md).
import { type Config, scaledRateLimit } from '../config.js';

export interface RateLimit {
  max: number;
  timeWindow: string;
}

/** `{ access: 'public', rateLimit }`, the limit scaled by RATE_LIMIT_MULTIPLIER. */
export function publicLimited(config: Pick<Config, 'rateLimitMultiplier'>, limit: RateLimit) {
  return { access: 'public' as const, rateLimit: scaledRateLimit(config, limit) };
}
