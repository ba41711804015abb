// The merchant's promo codes (issue 28): list with times used, create, edit, deactivate and
// delete. A duplicate code answers 409 with the field named; the store's look-up
// (promo.service.ts) reads the same rows, so a new code is accepted at once. Each change writes an
// audit row in its own transaction, like the other settings (promoCode.create / .update / .delete
// with the code's fields before and after; docs/decisions/store-settings.md).
import {
  MAX_PROMO_CODES,
  PROMO_CODE_MESSAGES,
  type PromoCodeView,
} from '../../../contract/promo-codes.js';
import type { z } from 'zod';
import type { promoCodeCreate, promoCodeUpdate } from '../../../contract/promo-codes.js';
import { parseFractionToPpm } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { auditEntry, insertAudit } from '../audit/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import {
  countPromoCodes,
  deletePromoCodeRow,
  findPromoCodeById,
  insertPromoCode,
  listPromoCodesWithUse,
  type PromoCodeFields,
  type PromoCodeRow,
  timesUsed,
  updatePromoCodeRow,
} from './promo.repository.js';

async function merchantUuid(ctx: AppContext, merchantId: string) {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return m.id;
}

/** Who changed the codes: the merchant's sign-in (its reference goes in the audit row). */
export interface PromoCodeActor {
  sessionRef: string;
}

/** What an audit row keeps of a code: its fields as stored (the fraction as text). */
const audited = (row: PromoCodeRow) => ({
  code: row.code,
  percentageOff: row.percentageOff,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  active: row.active,
});

async function audit(
  ctx: AppContext,
  tx: Tx,
  merchantUuid: string,
  actor: PromoCodeActor,
  action: 'promoCode.create' | 'promoCode.update' | 'promoCode.delete',
  detail: Record<string, unknown>,
) {
  await insertAudit(
    tx,
    auditEntry({ merchantUuid, sessionRef: actor.sessionRef }, action, ctx.clock.now(), detail),
  );
}

function toView(row: PromoCodeRow, used: number): PromoCodeView {
  return {
    _id: row.id,
    code: row.code,
    percentageOff: (parseFractionToPpm(row.percentageOff) ?? 0) / 1_000_000,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    active: row.active,
    timesUsed: used,
  };
}

const duplicate = () =>
  new AppError('conflict', PROMO_CODE_MESSAGES.duplicate, [
    { path: ['body', 'code'], message: PROMO_CODE_MESSAGES.duplicate },
  ]);

/** The stored numeric(7,6) of a whole percent (0.15 → '0.150000'), never a float product. */
const storedFraction = (f: number) => (Math.round(f * 100) / 100).toFixed(6);

export async function listPromoCodes(ctx: AppContext, merchantId: string) {
  const rows = await listPromoCodesWithUse(ctx.db, await merchantUuid(ctx, merchantId));
  return rows.map(({ row, timesUsed: n }) => toView(row, Number(n)));
}

export async function createPromoCode(
  ctx: AppContext,
  merchantId: string,
  body: z.output<typeof promoCodeCreate>,
  actor: PromoCodeActor,
): Promise<PromoCodeView> {
  const uuid = await merchantUuid(ctx, merchantId);
  if ((await countPromoCodes(ctx.db, uuid)) >= MAX_PROMO_CODES) {
    throw new AppError('invalid_input', PROMO_CODE_MESSAGES.tooMany, [
      { path: ['body', 'code'], message: PROMO_CODE_MESSAGES.tooMany },
    ]);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertPromoCode(tx, uuid, {
      ...body,
      percentageOff: storedFraction(body.percentageOff),
    });
    if (inserted === 'duplicate') throw duplicate();
    await audit(ctx, tx, uuid, actor, 'promoCode.create', { after: audited(inserted) });
    return inserted;
  });
  return toView(row, await timesUsed(ctx.db, uuid, row.code));
}

export async function updatePromoCode(
  ctx: AppContext,
  merchantId: string,
  id: string,
  body: z.output<typeof promoCodeUpdate>,
  actor: PromoCodeActor,
): Promise<PromoCodeView> {
  const uuid = await merchantUuid(ctx, merchantId);
  const stored = await findPromoCodeById(ctx.db, uuid, id);
  if (!stored) throw notFound('Promo code');
  const from = body.validFrom !== undefined ? body.validFrom : stored.validFrom;
  const until = body.validUntil !== undefined ? body.validUntil : stored.validUntil;
  if (from && until && from > until) {
    throw new AppError('invalid_input', PROMO_CODE_MESSAGES.dates, [
      { path: ['body', 'validUntil'], message: PROMO_CODE_MESSAGES.dates },
    ]);
  }
  const { percentageOff, ...rest } = body;
  const set: Partial<PromoCodeFields> = { ...rest };
  if (percentageOff !== undefined) set.percentageOff = storedFraction(percentageOff);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updatePromoCodeRow(tx, uuid, id, set, ctx.clock.now());
    if (updated === 'duplicate') throw duplicate();
    if (!updated) throw notFound('Promo code');
    await audit(ctx, tx, uuid, actor, 'promoCode.update', {
      before: audited(stored),
      after: audited(updated),
    });
    return updated;
  });
  return toView(row, await timesUsed(ctx.db, uuid, row.code));
}

export async function deletePromoCode(
  ctx: AppContext,
  merchantId: string,
  id: string,
  actor: PromoCodeActor,
) {
  const uuid = await merchantUuid(ctx, merchantId);
  await ctx.db.transaction(async (tx) => {
    const deleted = await deletePromoCodeRow(tx, uuid, id);
    if (!deleted) throw notFound('Promo code');
    await audit(ctx, tx, uuid, actor, 'promoCode.delete', { before: audited(deleted) });
  });
  return { success: true as const };
}
