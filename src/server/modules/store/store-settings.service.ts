// The store pane's settings (issue 12): the merchant's whole settings, and the save. A save is
// all or nothing: every section is checked first (the contract's schemas run the domain's rules
// and the spec's messages), then one transaction holds the merchant's row, refuses a changed
// read-only field, writes the changed columns and tables, tells every instance the public info
// changed, and records what changed (before and after) with the merchant's session.
import {
  BUSINESS_INFO_READ_ONLY_KEYS,
  type BusinessInfoUpdate,
  type MerchantBusinessInfo,
  SETTINGS_CHANGED_ELSEWHERE,
} from '../../../contract/store-settings.js';
import { SPEC_TIP_PRESETS } from '../../../domain/pricing/tips.js';
import { canonicalTimeZone } from '../../../domain/validation/merchant-account.js';
import { PPM } from '../../../domain/money/rounding.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound, type FieldIssue } from '../../lib/app-error.js';
import { refuseChangedReadOnly } from '../../lib/read-only-keys.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import { menuChangedHere, notifyMenuChanged } from '../cache/index.js';
import {
  keepCredentialsOnSwitch,
  NOT_OFFERED,
  offeredProviders,
  providerSwitchRefusal,
} from '../payments/index.js';
import {
  findMerchantBySlug,
  listDineinTableNames,
  lockMerchantBySlug,
  type MerchantRow,
  type MerchantSettingsSet,
  replaceDineinTables,
  updateMerchantSettingsIfUnchanged,
} from '../merchants/index.js';
import { storeFields } from './store.service.js';

/** The spec's save-failure text of the business-info section (spec §5 save failures). */
export const SAVE_FAILED = 'Fail to save businessInfo_update';

/** Each saved field of the body and the column it is kept in. */
const COLUMNS = {
  phone: 'phone',
  email: 'email',
  timeZone: 'timeZone',
  businessHour: 'businessHours',
  foodPreparingTime: 'foodPreparingTime',
  enableFoodTimeSchedule: 'enableFoodTimeSchedule',
  homePageNotice: 'homePageNotice',
  orderPreparingNotice: 'orderPreparingNotice',
  dineinNotice: 'dineinNotice',
  emailReceivingNotification: 'emailReceivingNotification',
  enableReceivingOrderPlacedSms: 'enableReceivingOrderPlacedSms',
  enableOrderTimeConfirmSms: 'enableOrderTimeConfirmSms',
  enableOrderPromotion: 'enableOrderPromotion',
  orderPromotions: 'orderPromotions',
  orderPromotionsAvailableTime: 'orderPromotionsAvailableTime',
  taxRate: 'taxRate',
  fixedTipRate: 'fixedTipRate',
  tipPresets: 'tipPresets',
  delivery: 'delivery',
  curbside: 'curbside',
  roomService: 'roomService',
  dinein: 'dinein',
  deliveryFees: 'deliveryFees',
  minOrderForDeliveryCents: 'minOrderForDeliveryCents',
  deliveryAvailableTime: 'deliveryAvailableTime',
  ecomm_provider: 'ecommProvider',
  supportCreditcardPayment: 'supportCreditcardPayment',
  supportCashPayment: 'supportCashPayment',
  allowAmericanExpressCard: 'allowAmericanExpressCard',
  showRawItemNote: 'showRawItemNote',
  showSpicyItemNote: 'showSpicyItemNote',
  showVeganItemNote: 'showVeganItemNote',
  showSecondLanguage: 'showSecondLanguage',
  hideItemSpecialInstructionInput: 'hideItemSpecialInstructionInput',
  customerInfoCollect: 'customerInfoCollect',
} as const satisfies Partial<Record<keyof BusinessInfoUpdate, keyof MerchantSettingsSet>>;

const RATE_KEYS = new Set<keyof typeof COLUMNS>(['taxRate', 'fixedTipRate']);

const READ_ONLY: Record<'merchantId' | 'name' | 'address' | 'webSite', string> = {
  merchantId: 'The merchant id is read-only',
  name: 'The store name is read-only',
  address: 'The address is read-only',
  webSite: 'The web site is read-only',
};

function staleSave(): AppError {
  return new AppError('conflict', SETTINGS_CHANGED_ELSEWHERE, [
    { path: ['body', 'settingsVersion'], message: SETTINGS_CHANGED_ELSEWHERE },
  ]);
}

function refuse(issues: FieldIssue[]): AppError {
  return new AppError('invalid_input', issues[0]?.message ?? SAVE_FAILED, issues);
}

/** Stable JSON for comparing stored and sent values (object keys sorted). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function toView(ctx: AppContext, m: MerchantRow, tables: string[]): MerchantBusinessInfo {
  return {
    ...storeFields(m),
    email: m.email,
    enableReceivingOrderPlacedSms: m.enableReceivingOrderPlacedSms,
    enableOrderTimeConfirmSms: m.enableOrderTimeConfirmSms,
    emailReceivingNotification: m.emailReceivingNotification,
    customerInfoCollect: m.customerInfoCollect,
    dineinTables: tables,
    paymentProviders: offeredProviders(ctx),
    settingsVersion: m.settingsVersion,
  };
}

export async function getMerchantBusinessInfo(
  ctx: AppContext,
  merchantId: string,
): Promise<MerchantBusinessInfo> {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return toView(ctx, m, await listDineinTableNames(ctx.db, m.id));
}

/** The checks that need no stored values: the password, the time zone, the provider. */
function checkBody(ctx: AppContext, body: BusinessInfoUpdate): BusinessInfoUpdate {
  const issues: FieldIssue[] = [];
  if (body.password !== undefined) {
    issues.push({
      path: ['body', 'password'],
      message: 'The password is changed in its own form, with the current password',
    });
  }
  let timeZone = body.timeZone;
  if (timeZone !== undefined) {
    const zone = canonicalTimeZone(timeZone);
    if (!zone) issues.push({ path: ['body', 'timeZone'], message: 'Unknown time zone' });
    else timeZone = zone;
  }
  if (body.ecomm_provider !== undefined && !offeredProviders(ctx).includes(body.ecomm_provider)) {
    issues.push({ path: ['body', 'ecomm_provider'], message: NOT_OFFERED });
  }
  if (issues.length > 0) throw refuse(issues);
  return { ...body, timeZone };
}

export async function updateBusinessInfo(
  ctx: AppContext,
  merchantId: string,
  sent: BusinessInfoUpdate,
  actor: { sessionRef: string },
): Promise<MerchantBusinessInfo> {
  const body = checkBody(ctx, sent);
  const now = ctx.clock.now();
  let merchantUuid: string | undefined;
  await ctx.db.transaction(async (tx) => {
    const m = await lockMerchantBySlug(tx, merchantId);
    if (!m) throw notFound('Merchant');
    // Another save landed since the sender read the settings: say so rather than overwrite it.
    if (body.settingsVersion !== undefined && body.settingsVersion !== m.settingsVersion) {
      throw staleSave();
    }
    const issues: FieldIssue[] = [];
    for (const [key, message] of Object.entries(READ_ONLY) as [keyof typeof READ_ONLY, string][]) {
      if (body[key] !== undefined && canonical(body[key]) !== canonical(m[key])) {
        issues.push({ path: ['body', key], message });
      }
    }
    const credit = body.supportCreditcardPayment ?? m.supportCreditcardPayment;
    const cash = body.supportCashPayment ?? m.supportCashPayment;
    // A card gateway is chosen once its credentials are saved (the sandbox needs none); switching
    // back to a provider whose credentials are saved stays possible (payment-credentials.md).
    const provider = body.ecomm_provider;
    const refusal = provider === undefined ? null : providerSwitchRefusal(ctx, m, provider);
    if (refusal) issues.push({ path: ['body', 'ecomm_provider'], message: refusal });
    if (!credit && !cash) {
      issues.push({
        path: [
          'body',
          body.supportCashPayment === false ? 'supportCashPayment' : 'supportCreditcardPayment',
        ],
        message: 'At least one payment method must be accepted',
      });
    }
    if (issues.length > 0) throw refuse(issues);
    // The rest of the settings read, sent back whole: as stored, or refused naming the key.
    const asRead = toView(ctx, m, await listDineinTableNames(tx, m.id));
    refuseChangedReadOnly(body as Record<string, unknown>, asRead, BUSINESS_INFO_READ_ONLY_KEYS);

    const set: Record<string, unknown> = {};
    const changed: Record<string, { before: unknown; after: unknown }> = {};
    for (const [key, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      keyof MerchantRow,
    ][]) {
      const value = body[key];
      if (value === undefined) continue;
      // The two rates come as ppm and are kept as numeric(7,6) fractions.
      const isRate = RATE_KEYS.has(key);
      // A store that never chose tip presets has the spec's.
      const stored = key === 'tipPresets' ? (m.tipPresets ?? SPEC_TIP_PRESETS) : m[column];
      const before = isRate ? Number(stored) : stored;
      const after = isRate ? (value as number) / PPM : value;
      if (canonical(before) === canonical(after)) continue;
      set[column] = isRate ? ((value as number) / PPM).toFixed(6) : value;
      changed[key] = { before, after };
    }
    if (body.dineinTables !== undefined) {
      const before = await listDineinTableNames(tx, m.id);
      const after = [...body.dineinTables].sort(
        new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare,
      );
      if (canonical(before) !== canonical(after)) {
        await replaceDineinTables(tx, m.id, body.dineinTables);
        changed.dineinTables = { before, after };
      }
    }
    if (Object.keys(changed).length === 0) return;
    if (set.ecommProvider !== undefined) await keepCredentialsOnSwitch(ctx, tx, m);
    // Every save that changes something counts, the tables too; the version in the WHERE is the
    // check itself (the row lock above makes it hold, and says so once more).
    const landed = await updateMerchantSettingsIfUnchanged(tx, m.id, body.settingsVersion, {
      ...(set as MerchantSettingsSet),
      updatedAt: now,
    });
    if (!landed) throw staleSave();
    await notifyMenuChanged(tx, m.id);
    const who: AuditActor = { merchantUuid: m.id, sessionRef: actor.sessionRef };
    await insertAudit(tx, auditEntry(who, 'settings', now, { changed }));
    merchantUuid = m.id;
  });
  // This instance's public read shows the save at once; the others on the notification.
  if (merchantUuid) menuChangedHere(ctx, merchantUuid);
  return getMerchantBusinessInfo(ctx, merchantId);
}
