// The sandbox gateway: the offline default for `npm start`, the demo and most tests. No network;
// documented test cards and amounts drive every outcome (docs/decisions/payments-sandbox.md).
// It keeps its own ledger in the sandbox_ledger table — as a real gateway keeps its own books —
// so a look-up by our order id still answers after our process crashed and restarted.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  type LedgerInsert,
  type LedgerRow,
  findLedgerRow,
  insertLedgerRow,
  ledgerRowsOfOrder,
  moveLedgerRow,
} from './sandbox.repository.js';
import {
  type AuthorizeRequest,
  type GatewayCapabilities,
  GatewayDeclined,
  type GatewayEnv,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type InquiryResult,
  type PaymentGateway,
  type PaymentResult,
  type ProviderName,
  cardBrandOf,
  maskCardNumber,
} from './types.js';

export type SandboxOutcome =
  | 'approve'
  | 'decline'
  | 'insufficient_funds'
  | 'avs_mismatch'
  | 'cvv_mismatch'
  | 'timeout_after_approval'
  | 'timeout_before_processing'
  | 'garbage_after_approval'
  | 'unavailable';

/** The documented test cards. Every other Luhn-valid number approves. */
export const SANDBOX_TEST_CARDS: readonly {
  number: string;
  outcome: SandboxOutcome;
  description: string;
}[] = [
  { number: '4111111111111111', outcome: 'approve', description: 'Visa, approved' },
  { number: '5454545454545454', outcome: 'approve', description: 'Mastercard, approved' },
  { number: '371449635398431', outcome: 'approve', description: 'American Express, approved' },
  { number: '6011000995500000', outcome: 'approve', description: 'Discover, approved' },
  { number: '4000000000000002', outcome: 'decline', description: 'declined: do not honor (05)' },
  {
    number: '4000000000009995',
    outcome: 'insufficient_funds',
    description: 'declined: insufficient funds (51)',
  },
  {
    number: '4000000000000101',
    outcome: 'avs_mismatch',
    description: 'approved with address result N; the core voids it and declines the order',
  },
  {
    number: '4000000000000127',
    outcome: 'cvv_mismatch',
    description: 'approved with CVV result N; the core voids it and declines the order',
  },
  {
    number: '4999006200620062',
    outcome: 'timeout_after_approval',
    description: 'approved and recorded, then the answer times out (the reconciler places it)',
  },
  {
    number: '5111006200620062',
    outcome: 'timeout_before_processing',
    description: 'times out before the gateway records anything (the reconciler fails it)',
  },
  {
    number: '4000000000000069',
    outcome: 'garbage_after_approval',
    description: 'approved and recorded, then answers unreadable garbage (reconciled)',
  },
  {
    number: '4000000000000044',
    outcome: 'unavailable',
    description: 'connection refused: nothing recorded, the order fails at once',
  },
];

/** Any card: billing ZIP 99999 → address result N; CVV 999 → CVV result N. */
export const SANDBOX_AVS_FAIL_ZIP = '99999';
export const SANDBOX_CVV_FAIL_CODE = '999';
/** Any card: an amount at or above this many cents is declined (61, over limit). */
export const SANDBOX_DECLINE_AT_CENTS = 500_000;

export interface SandboxOptions {
  /** The provider name this gateway answers as (tests stand it in for cardPointe, tsys…). */
  provider?: ProviderName;
  capabilities?: Partial<GatewayCapabilities>;
  /** 'standard': refuse AVS N or CVV N; 'strict' (tsys2): require AVS Y and CVV M or P. */
  verification?: 'standard' | 'strict';
  /** How long a timing-out test card hangs before the client gives up (default 3 s). */
  timeoutMs?: number;
  /**
   * Crash drill for the recovery test: kill this process with SIGKILL right after an approval
   * is recorded in the ledger and before the answer is returned. Never on in production.
   */
  crashAfterApproval?: boolean;
}

const SANDBOX_DEFAULT_CAPABILITIES: GatewayCapabilities = {
  flow: 'auth_capture',
  void: true,
  tipAdjust: 'adjust',
  refund: true,
  recovery: 'inquire',
};

/** The answer as it would come over the wire; parsed back so a garbage answer is handled alike. */
const wireAnswer = z.object({
  respstat: z.enum(['A', 'C']),
  respcode: z.string(),
  resptext: z.string(),
  retref: z.string(),
  authcode: z.string(),
  amount: z.number().int(),
  tip: z.number().int(),
  last4: z.string().regex(/^\d{4}$/),
  length: z.number().int(),
  brand: z.string(),
  expiry: z.string(),
  avsresp: z.string().nullable(),
  cvvresp: z.string().nullable(),
});

function parseAnswer(raw: string): PaymentResult {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new GatewayUnknownOutcome('Unreadable answer from the payment gateway');
  }
  const parsed = wireAnswer.safeParse(data);
  if (!parsed.success)
    throw new GatewayUnknownOutcome('Unreadable answer from the payment gateway');
  const a = parsed.data;
  if (a.respstat !== 'A') throw new GatewayDeclined(a.resptext, a.respcode, 'declined');
  return {
    approved: true,
    amountCents: a.amount,
    tipCents: a.tip,
    cardNumber: maskCardNumber(a.last4, a.length),
    cardLast4: a.last4,
    cardExpiry: a.expiry,
    cardType: a.brand,
    authCode: a.authcode,
    retref: a.retref,
    avsResult: a.avsresp,
    cvvResult: a.cvvresp,
    responseCode: a.respcode,
    message: a.resptext,
  };
}

function answerOf(row: LedgerRow, cardLength: number): string {
  return JSON.stringify({
    respstat: 'A',
    respcode: row.responseCode ?? '00',
    resptext: row.responseText ?? 'Approval',
    retref: row.retref,
    authcode: row.authCode ?? '',
    amount: row.amountCents,
    tip: row.tipCents,
    last4: row.cardLast4 ?? '0000',
    length: cardLength,
    brand: row.cardBrand ?? 'CARD',
    expiry: row.cardExpiry ?? '',
    avsresp: row.avsResult,
    cvvresp: row.cvvResult,
  });
}

const resultOf = (row: LedgerRow): PaymentResult =>
  parseAnswer(answerOf(row, row.cardBrand === 'AMEX' ? 15 : 16));

function newRetref(): string {
  // 12 digits: short of a PAN's length, so it can never be mistaken for (or masked as) one.
  return String(randomInt(100_000_000_000, 1_000_000_000_000));
}

function newAuthCode(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 6; i += 1) code += chars[randomInt(chars.length)];
  return code;
}

export function outcomeFor(
  card: { number: string; cvv: string; billingZip: string },
  amountCents: number,
): SandboxOutcome {
  const listed = SANDBOX_TEST_CARDS.find((c) => c.number === card.number);
  if (listed && listed.outcome !== 'approve') return listed.outcome;
  if (amountCents >= SANDBOX_DECLINE_AT_CENTS) return 'decline';
  if (card.billingZip.trim().startsWith(SANDBOX_AVS_FAIL_ZIP)) return 'avs_mismatch';
  if (card.cvv.trim() === SANDBOX_CVV_FAIL_CODE) return 'cvv_mismatch';
  return 'approve';
}

export function createSandboxGateway(opts: SandboxOptions = {}): PaymentGateway {
  const provider = opts.provider ?? 'sandbox';
  const capabilities = { ...SANDBOX_DEFAULT_CAPABILITIES, ...opts.capabilities };
  const timeoutMs = opts.timeoutMs ?? 3000;

  async function findRow(env: GatewayEnv, retref: string): Promise<LedgerRow | undefined> {
    return findLedgerRow(env.db, env.merchantId, retref);
  }

  async function charge(
    env: GatewayEnv,
    req: AuthorizeRequest,
    capture: boolean,
  ): Promise<PaymentResult> {
    const { card } = req;
    const outcome = outcomeFor(card, req.amountCents);
    if (outcome === 'unavailable')
      throw new GatewayUnavailable('Payment gateway refused the connection');
    if (outcome === 'timeout_before_processing') {
      await sleep(timeoutMs);
      throw new GatewayUnknownOutcome('Payment gateway timed out');
    }
    const declined =
      outcome === 'decline'
        ? {
            code: req.amountCents >= SANDBOX_DECLINE_AT_CENTS ? '61' : '05',
            text: req.amountCents >= SANDBOX_DECLINE_AT_CENTS ? 'Exceeds limit' : 'Do not honor',
          }
        : outcome === 'insufficient_funds'
          ? { code: '51', text: 'Insufficient funds' }
          : null;
    const last4 = card.number.slice(-4);
    const row = {
      retref: newRetref(),
      merchantId: env.merchantId,
      orderRef: req.orderRef,
      status: declined
        ? 'declined'
        : req.amountCents === 0
          ? 'verified'
          : capture
            ? 'captured'
            : 'authorized',
      amountCents: req.amountCents,
      tipCents: req.tipCents,
      capturedCents: capture && !declined ? req.amountCents : null,
      authCode: declined ? null : newAuthCode(),
      responseCode: declined ? declined.code : '00',
      responseText: declined ? declined.text : 'Approval',
      avsResult: outcome === 'avs_mismatch' ? 'N' : 'Y',
      cvvResult: outcome === 'cvv_mismatch' ? 'N' : 'M',
      cardLast4: last4,
      cardBrand: cardBrandOf(card.number),
      cardExpiry: card.expiry,
      createdAt: env.now,
      updatedAt: env.now,
    };
    const saved = await insertLedgerRow(env.db, row);
    if (declined) {
      throw new GatewayDeclined(
        declined.text,
        declined.code,
        outcome === 'insufficient_funds' ? 'insufficient_funds' : 'declined',
      );
    }
    if (opts.crashAfterApproval) process.kill(process.pid, 'SIGKILL');
    if (outcome === 'timeout_after_approval') {
      await sleep(timeoutMs);
      throw new GatewayUnknownOutcome('Payment gateway timed out');
    }
    if (outcome === 'garbage_after_approval') return parseAnswer('<html><body>502 Bad Gateway');
    return parseAnswer(answerOf(saved, card.number.length));
  }

  /** Moves a ledger row from one of `from` to `to`, or explains why not. */
  async function transition(
    env: GatewayEnv,
    retref: string,
    from: string[],
    set: Partial<LedgerInsert>,
    refusal: string,
  ): Promise<PaymentResult> {
    const row = await moveLedgerRow(env.db, env.merchantId, retref, from, {
      ...set,
      updatedAt: env.now,
    });
    if (!row) {
      const existing = await findRow(env, retref);
      if (!existing) throw new GatewayDeclined('Txn not found', '29', 'invalid');
      throw new GatewayDeclined(refusal, '27', 'not_allowed');
    }
    return resultOf(row);
  }

  return {
    provider,
    capabilities,
    acceptsVerification(result) {
      if (opts.verification === 'strict') {
        if (result.avsResult !== 'Y') return { ok: false, reason: 'avs' };
        if (result.cvvResult !== 'M' && result.cvvResult !== 'P')
          return { ok: false, reason: 'cvv' };
        return { ok: true };
      }
      if (result.avsResult === 'N') return { ok: false, reason: 'avs' };
      if (result.cvvResult === 'N') return { ok: false, reason: 'cvv' };
      return { ok: true };
    },
    authorize: (env, req) => charge(env, req, false),
    sale: (env, req) => charge(env, req, true),
    capture: (env, req) =>
      transition(
        env,
        req.retref,
        ['authorized'],
        {
          status: 'captured',
          amountCents: req.amountCents,
          tipCents: req.tipCents,
          capturedCents: req.amountCents,
        },
        'Txn not capturable',
      ),
    async void(env, req) {
      const existing = await findRow(env, req.retref);
      if (existing?.status === 'voided') return resultOf(existing); // voiding twice is harmless
      return transition(
        env,
        req.retref,
        ['authorized', 'captured', 'verified'],
        { status: 'voided' },
        'Txn not voidable',
      );
    },
    tipAdjust: (env, req) =>
      transition(
        env,
        req.retref,
        ['authorized', 'captured'],
        { amountCents: req.amountCents, tipCents: req.tipCents },
        'Txn not adjustable',
      ),
    async refund(env, req) {
      const existing = await findRow(env, req.retref);
      if (!existing) throw new GatewayDeclined('Txn not found', '29', 'invalid');
      const refunded = existing.refundedCents + req.amountCents;
      if (existing.status !== 'captured' || refunded > (existing.capturedCents ?? 0)) {
        throw new GatewayDeclined('Refund not allowed', '46', 'not_allowed');
      }
      return transition(
        env,
        req.retref,
        ['captured'],
        {
          refundedCents: refunded,
          ...(refunded === existing.capturedCents ? { status: 'refunded' } : {}),
        },
        'Refund not allowed',
      );
    },
    async inquireByOrder(env, req): Promise<InquiryResult> {
      const rows = await ledgerRowsOfOrder(env.db, env.merchantId, req.orderRef);
      // A charge that went through wins over a declined attempt with the same order id.
      const row = rows.find((r) => r.status !== 'declined') ?? rows[0];
      if (!row) return { found: false };
      const status =
        row.status === 'verified'
          ? 'authorized'
          : (row.status as Exclude<InquiryResult, { found: false }>['status']);
      return { found: true, status, result: resultOf(row) };
    },
  };
}
