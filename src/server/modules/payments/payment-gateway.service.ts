// The merchant's card gateway and its credentials (docs/decisions/payment-credentials.md): the
// read that shows what is saved without a secret, and the save that switches the provider with
// its credentials in one transaction, audited. Also the rule the store-settings save follows: a
// provider may be chosen only once its credentials are saved (the sandbox needs none).
import {
  ACCOUNT_FIELD,
  credentialsFirst,
  type PaymentGatewayUpdate,
  type PaymentGatewayView,
  takesCredentials,
} from '../../../contract/payment-gateway.js';
import {
  GatewayUnavailable,
  type PaymentGateway,
  PROVIDERS,
  type ProviderName,
} from '../../adapters/payments/index.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import { menuChangedHere, notifyMenuChanged } from '../cache/index.js';
import {
  findMerchantBySlug,
  lockMerchantBySlug,
  type MerchantRow,
  updateMerchantPayment,
} from '../merchants/index.js';
import {
  type MerchantCredentialsRow,
  type SavedCredentials,
  labelledBeforeSwitch,
  sealCredentials,
  usableCredentials,
} from './credentials.js';

export const NOT_OFFERED = 'This payment provider is not available yet';

/** The providers a merchant may choose: those this server has a gateway for. */
export function offeredProviders(ctx: AppContext): ProviderName[] {
  return PROVIDERS.filter((p) => ctx.adapters.payments.gatewayFor(p) !== undefined);
}

/** What may be shown of saved credentials: never a secret. */
function summary(saved: SavedCredentials): NonNullable<PaymentGatewayView['credentials']> {
  const provider = saved.provider as ProviderName;
  const account = takesCredentials(provider) ? saved.fields[ACCOUNT_FIELD[provider]] : undefined;
  return {
    provider,
    environment: saved.fields.environment ?? null,
    accountHint: typeof account === 'string' && account !== '' ? account.slice(-4) : null,
    setAt: saved.setAt,
  };
}

function toView(ctx: AppContext, m: MerchantRow): PaymentGatewayView {
  const saved = usableCredentials(ctx, m);
  return {
    provider: m.ecommProvider as ProviderName,
    offered: offeredProviders(ctx),
    credentials: saved ? summary(saved) : null,
  };
}

export async function getPaymentGateway(
  ctx: AppContext,
  merchantId: string,
): Promise<PaymentGatewayView> {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return toView(ctx, m);
}

/**
 * Why `m` may not be switched to `provider`: a provider other than the sandbox needs its own
 * credentials saved. Null when it may (or when it is the current provider already).
 */
export function providerSwitchRefusal(
  ctx: AppContext,
  m: MerchantCredentialsRow,
  provider: string,
): string | null {
  if (provider === m.ecommProvider || !takesCredentials(provider)) return null;
  return usableCredentials(ctx, m)?.provider === provider ? null : credentialsFirst(provider);
}

/**
 * The store-settings save's part when it changes ecomm_provider (inside its transaction, on the
 * locked row): an unlabelled blob is first written as the old provider's (credentials.ts).
 */
export async function keepCredentialsOnSwitch(
  ctx: AppContext,
  tx: Tx,
  m: MerchantCredentialsRow,
): Promise<void> {
  const labelled = labelledBeforeSwitch(ctx, m);
  if (labelled) await updateMerchantPayment(tx, m.id, { paymentCredentials: labelled });
}

/** The schema's output without its absent optional fields (e.g. no developerId). */
function definedFields(credentials: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(credentials).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function refuse(path: string, message: string): AppError {
  return new AppError('invalid_input', message, [{ path: ['body', path], message }]);
}

/**
 * Issue 30: a gateway that can tell what the vendor must allow for our calls (Converge: the API
 * user's rights) is asked before new credentials are saved; a missing right is refused naming it.
 * An unreachable gateway is refused too: saving credentials we could not check would let orders
 * fail later with the diner's money held.
 */
async function checkWithGateway(
  ctx: AppContext,
  merchantId: string,
  body: PaymentGatewayUpdate,
): Promise<void> {
  const gateway = ctx.adapters.payments.gatewayFor(body.provider);
  if (!gateway?.checkCredentials || !body.credentials) return;
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  let verdict: Awaited<ReturnType<NonNullable<PaymentGateway['checkCredentials']>>>;
  try {
    verdict = await gateway.checkCredentials({
      merchantId: m.id,
      credentials: definedFields(body.credentials),
      db: ctx.db,
      now: ctx.clock.now(),
    });
  } catch (err) {
    const refused = err instanceof GatewayUnavailable && /refused/i.test(err.message);
    throw refuse(
      'credentials',
      refused
        ? 'The payment provider refused these credentials'
        : 'The payment provider could not be reached to check these credentials; please try again',
    );
  }
  if (!verdict.ok) throw refuse('credentials', verdict.message);
}

export async function savePaymentGateway(
  ctx: AppContext,
  merchantId: string,
  body: PaymentGatewayUpdate,
  actor: { sessionRef: string },
): Promise<PaymentGatewayView> {
  if (!offeredProviders(ctx).includes(body.provider)) throw refuse('provider', NOT_OFFERED);
  // Issue 30 (gateway adapters), kept minimal: what the vendor must allow, checked before saving.
  if (body.credentials) await checkWithGateway(ctx, merchantId, body);
  const now = ctx.clock.now();
  let merchantUuid: string | undefined;
  await ctx.db.transaction(async (tx) => {
    const m = await lockMerchantBySlug(tx, merchantId);
    if (!m) throw notFound('Merchant');
    const saved = usableCredentials(ctx, m);
    let blob: Buffer | undefined;
    let credentials: Record<string, unknown> | 'kept' = 'kept';
    if (body.credentials) {
      const fields = definedFields(body.credentials);
      blob = sealCredentials(ctx, m.id, body.provider, fields);
      credentials = summary({
        provider: body.provider,
        fields,
        setAt: now.toISOString(),
        labelled: true,
      });
    } else {
      const issue = providerSwitchRefusal(ctx, m, body.provider);
      if (issue) throw refuse('credentials', issue);
      if (body.provider !== m.ecommProvider) blob = labelledBeforeSwitch(ctx, m);
    }
    if (body.provider === m.ecommProvider && credentials === 'kept') return;
    await updateMerchantPayment(tx, m.id, {
      ecommProvider: body.provider,
      ...(blob ? { paymentCredentials: blob } : {}),
      updatedAt: now,
    });
    // The public store info carries ecomm_provider: every instance drops its cached copy.
    await notifyMenuChanged(tx, m.id);
    const who: AuditActor = { merchantUuid: m.id, sessionRef: actor.sessionRef };
    await insertAudit(
      tx,
      auditEntry(who, 'payment_gateway', now, {
        provider: { before: m.ecommProvider, after: body.provider },
        // What was saved, as the read shows it: never a secret.
        credentials,
        replaced: credentials !== 'kept' && saved ? summary(saved) : null,
      }),
    );
    merchantUuid = m.id;
  });
  if (merchantUuid) menuChangedHere(ctx, merchantUuid);
  return getPaymentGateway(ctx, merchantId);
}
