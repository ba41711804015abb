// What the provider route files share: the card check's access, rate limit and answer, and the
// TransIT response object of a merchant action.
import type { CardCheckAnswer } from '../../../contract/provider-routes.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import type { TransitResponse } from '../../../contract/provider-routes-tsys2.js';
import type { CardCheckResult } from './card-check.service.js';
import type { ActionOutcome } from './provider-routes.service.js';

/** Per IP, like send order: a card check is a gateway call a bot would love to repeat. */
export const CARD_CHECK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** Anyone may call a card check (a diner has no session): bot check and rate limit guard it. */
export const cardCheckConfig = (ctx: AppContext) => ({
  access: 'public' as const,
  // A payment step: kept slots under overload (load-shedding.md).
  load: 'priority' as const,
  rateLimit: scaledRateLimit(ctx.config, { ...CARD_CHECK_RATE_LIMIT }),
});

export const cardCheckAnswer = (r: CardCheckResult): CardCheckAnswer => ({
  approved: r.approved,
  card: r.card,
  message: r.message,
});

/** A merchant action as the spec's TransIT response object (C7.77); amounts in cents. */
export const transitAnswer = (done: ActionOutcome, totalCents: number): TransitResponse => ({
  status: 'PASS',
  responseCode: done.row?.responseCode ?? '',
  responseMessage: done.row?.message ?? '',
  transactionID: done.row?.retref ?? done.charge.retref,
  authCode: done.row?.authCode ?? done.charge.authCode,
  cardType: done.charge.cardBrand,
  totalAmount: totalCents,
});
