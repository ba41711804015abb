// A local CardPointe Gateway (docs/protocols/cardpointe.md): JSON under /cardconnect/rest/, HTTP
// Basic auth (401 otherwise), the credential smoke test, auth / capture / void / refund / inquire /
// inquireByOrderid / voidByOrderId, an in-memory retref map, and the UAT test conventions of §1.6
// so the same test data works against the real UAT. Answers come with shuffled keys and a junk key,
// as UAT's do [S-CP4][S-CP7], to keep the adapter's parser honest.
//
// Anything not in PROTOCOLS is marked "fake's choice" below; tests must not treat it as the
// vendor's behaviour.
import { randomInt } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { passesLuhn } from '../../src/domain/validation/fields.js';
import { type FakeAnswer, type FakeServer, startFakeServer } from './http.js';

/**
 * The vendor's own auth examples (tests/fixtures/gateways/cardpointe/*.json, Fiserv's guides and
 * OpenAPI, each naming its source), by the test card their request uses (issue 30). An auth with
 * one of those cards is answered from the example: every field the vendor's answer shows is there
 * — the fake's values where it computes one (retref, token…), the example's otherwise (cardproc,
 * batchid…), and the example's text and amount when the outcome is the example's.
 */
const FIXTURE_DIR = new URL('../fixtures/gateways/cardpointe/', import.meta.url);
export const CARDPOINTE_VENDOR_AUTHS: ReadonlyMap<
  string,
  { file: string; response: Record<string, unknown> }
> = new Map(
  readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((file) => {
      const f = JSON.parse(readFileSync(new URL(file, FIXTURE_DIR), 'utf8')) as {
        request?: { account?: string };
        response: unknown;
      };
      return { file, account: f.request?.account, response: f.response };
    })
    .filter(
      (f): f is { file: string; account: string; response: Record<string, unknown> } =>
        typeof f.account === 'string' &&
        f.response !== null &&
        typeof f.response === 'object' &&
        !Array.isArray(f.response),
    )
    .map((f) => [f.account, { file: f.file, response: f.response }]),
);
/** The fake's answer with the fields of the vendor's example for this card that it lacks. */
function fromVendorExample(pan: string, answer: FakeAnswer): FakeAnswer {
  const example = CARDPOINTE_VENDOR_AUTHS.get(pan);
  const body = answer.json as Record<string, unknown> | undefined;
  if (!example || !body || Array.isArray(body)) return answer;
  const r = example.response;
  // The same outcome as the example's: its words and amount too (a decline shows "0.00").
  const sameOutcome = r.respstat === body.respstat && r.respcode === body.respcode;
  return {
    ...answer,
    json: {
      ...r,
      ...body,
      ...(sameOutcome ? { resptext: r.resptext, amount: r.amount ?? body.amount } : {}),
    },
  };
}

export const FAKE_CP_MERCHID = '496160873888'; // the vendor's example test MID [S-CP4]
export const FAKE_CP_USERNAME = 'testing';
export const FAKE_CP_PASSWORD = 'testing123';
export const FAKE_CP_SITE = 'fts';

export type CardPointeOp =
  'auth' | 'capture' | 'void' | 'refund' | 'inquire' | 'inquireByOrderid' | 'voidByOrderId';

/**
 * Faults a test can inject (fake's choice of names and semantics):
 * - hang: process the request, answer after `ms` (default 33 s, PROTOCOLS §1.7);
 * - http500: answer HTTP 500 {message, errorcode} without processing;
 * - truncate: process, then send half the JSON and drop the connection (cutOff);
 * - garbage: process, then answer 200 with an HTML error page;
 * - drop: process (an approval is recorded), then send the head and drop the connection;
 * - lineDown: answer respstat B, PPS 61 "Line down" [S-CP5] without processing.
 */
/**
 * `duplicate`: the request reached the gateway twice (an earlier copy whose answer was lost): the
 * first is processed, the answer is the processor's duplicate refusal (FNOR 94 "Duplicate tran"
 * [S-CP5]; the same words for RPCT: fake's choice).
 */
export type CardPointeFault =
  'hang' | 'http500' | 'truncate' | 'garbage' | 'drop' | 'lineDown' | 'duplicate';

export interface CardPointeTxn {
  retref: string;
  merchid: string;
  orderid: string | null;
  /** 'refund' records are the refunds' own retrefs (fake's choice). */
  kind: 'auth' | 'refund';
  /** Current amount (authorised, then captured). */
  amountCents: number;
  refundedCents: number;
  setlstat: string;
  respstat: 'A' | 'B' | 'C';
  respcode: string;
  resptext: string;
  respproc: string;
  authcode: string;
  token: string;
  last4: string;
  expiry: string;
  name: string;
  avsresp: string;
  cvvresp: string;
  /** YYYYMMDDHHMMSS; a counter keeps it strictly increasing (fake's choice). */
  authdate: string;
}

export interface CardPointeFake extends FakeServer {
  transactions: Map<string, CardPointeTxn>;
  /** Inject `fault` into the next n requests (only those to `op`, when given). */
  failNext(n: number, fault: CardPointeFault, opts?: { op?: CardPointeOp; ms?: number }): void;
  /** Delay of the "Timed out" answer of the timeout cards (the real gateway: ~32 s). */
  setTimeoutCardDelay(ms: number): void;
  /** How inquireByOrderid answers (UNVERIFIED upstream): 'auto' = object for one, array for more. */
  setInquiryShape(shape: 'auto' | 'object' | 'array'): void;
  /** Test hook: settle "Queued for Capture" transactions (all, or one) → "Accepted". */
  settle(retref?: string): void;
  /** Transactions recorded under an order id. */
  byOrder(orderid: string): CardPointeTxn[];
}

export interface CardPointeFakeOptions {
  merchid?: string;
  username?: string;
  password?: string;
  /** Which UAT processor emulator to behave like [S-CP4] (default FNOR). */
  processor?: 'FNOR' | 'RPCT';
  /** The MID may capture more than it authorised (tips) [S-CP1][S-CP8]; default true. */
  captureAboveAuth?: boolean;
  /** The MID is enabled for refunds of unsettled transactions [S-CP1]; default false. */
  unsettledRefunds?: boolean;
}

// ---- UAT conventions (PROTOCOLS §1.6) --------------------------------------------------------

type Outcome = 'refer' | 'dnh' | 'expired' | 'nsf';
const FIXED_CARDS: Record<string, Outcome> = {
  '4387751111111020': 'refer',
  '4387751111111038': 'dnh',
  '4387751111111046': 'expired',
  '4387751111111053': 'nsf',
  '5442981111111023': 'refer',
  '5442981111111031': 'dnh',
  '5442981111111049': 'expired',
  '5442981111111056': 'nsf',
  '6011000995511122': 'refer',
  '6011000995511130': 'dnh',
  '6011000995511148': 'expired',
  '6011000995511155': 'nsf',
};
const FIXED_CODES: Record<'FNOR' | 'RPCT', Record<Outcome, [string, string]>> = {
  FNOR: {
    refer: ['01', 'Refer to issuer'],
    dnh: ['05', 'Do not honor'],
    expired: ['54', 'Wrong expiration'],
    nsf: ['NU', 'Insufficient funds'],
  },
  RPCT: {
    refer: ['107', 'Call for authorization'],
    dnh: ['100', 'Do not honor'],
    expired: ['101', 'Expired card'],
    nsf: ['500', 'Decline'],
  },
};
const TIMEOUT_CARDS = new Set(['4999006200620062', '5111006200620062', '6465006200620062']);
const PARTIAL_CARD = '4387750101010101';
/** AVS by the last three characters of postal (or a code inside address) [S-CP4]. */
const AVS_CODES: Record<string, string> = {
  '112': 'N',
  '224': 'X',
  '225': 'Y',
  '111': 'A',
  '113': 'Z',
};
const CVV_CODES: Record<string, string> = { '112': 'M', '111': 'N', '222': 'P', '333': 'U' };

/** Processor texts for amount-driven codes (a few from [S-CP5]; "Declined" otherwise: fake's choice). */
const CODE_TEXT: Record<'FNOR' | 'RPCT', Record<string, [string, 'A' | 'B' | 'C']>> = {
  FNOR: {
    '00': ['Approval', 'A'],
    '10': ['Partial Approval', 'A'],
    '01': ['Refer to issuer', 'C'],
    '05': ['Do not honor', 'C'],
    '28': ['Please retry', 'B'],
    '51': ['Declined', 'C'],
    '54': ['Wrong expiration', 'C'],
    '91': ['System error', 'B'],
    '94': ['Duplicate tran', 'C'],
  },
  RPCT: {
    '000': ['Approve', 'A'],
    '002': ['Approve for partial amount', 'A'],
    '100': ['Do not honor', 'C'],
    '101': ['Expired card', 'C'],
    '116': ['Not sufficient funds', 'C'],
    '500': ['Decline', 'C'],
    '517': ['CVV2 Declined', 'C'],
  },
};

/** Brand prefix and length rules of UAT [S-CP4]. */
function brandOk(pan: string): boolean {
  const rules: [RegExp, number][] = [
    [/^4/, 16],
    [/^5[1-5]/, 16],
    [/^3[47]/, 15],
    [/^(6011|622|64[4-9]|65)/, 16],
    [/^36/, 14],
    [/^35/, 16],
  ];
  return rules.some(([re, len]) => re.test(pan) && pan.length === len);
}

/** Amounts both ways [S-CP1]: with a decimal point dollars, digits only minor units. */
export function fakeAmountCents(value: unknown): number | null {
  const s =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const dec = /^(-?)(\d+)\.(\d{1,2})$/.exec(s);
  if (dec) {
    const c = Number(dec[2]) * 100 + Number((dec[3] ?? '').padEnd(2, '0'));
    return dec[1] ? -c : c;
  }
  const minor = /^(-?)(\d+)$/.exec(s);
  return minor ? (minor[1] ? -1 : 1) * Number(minor[2]) : null;
}

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Keys in random order plus one junk key of a random type, like UAT [S-CP4][S-CP7]. */
function shuffled(obj: Record<string, unknown>): Record<string, unknown> {
  const junkValues: unknown[] = ['dummy', { nested: 'dummy', n: 1 }, ['x', 2], 42, null];
  const entries = Object.entries(obj).filter(([, v]) => v !== undefined);
  entries.push([`junk${randomInt(1000, 9999)}`, junkValues[randomInt(junkValues.length)]]);
  for (let i = entries.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries);
}

export async function startCardPointeFake(
  opts: CardPointeFakeOptions = {},
): Promise<CardPointeFake> {
  const merchid = opts.merchid ?? FAKE_CP_MERCHID;
  const auth = `Basic ${Buffer.from(`${opts.username ?? FAKE_CP_USERNAME}:${opts.password ?? FAKE_CP_PASSWORD}`).toString('base64')}`;
  const processor = opts.processor ?? 'FNOR';
  const captureAboveAuth = opts.captureAboveAuth ?? true;
  const transactions = new Map<string, CardPointeTxn>();
  let faults: { n: number; fault: CardPointeFault; op?: CardPointeOp; ms?: number } | null = null;
  let timeoutCardDelayMs = 0;
  let inquiryShape: 'auto' | 'object' | 'array' = 'auto';
  let nextRetref = randomInt(100_000_000_000, 800_000_000_000);
  let clock = 0;

  const newAuthcode = () => {
    const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    return Array.from({ length: 6 }, () => chars[randomInt(chars.length)]).join('');
  };
  /** A token shaped like the vendor's examples: 9, the PAN's first digit, …, the last four (fake's choice). */
  const tokenOf = (pan: string) =>
    `9${pan[0]}${Array.from({ length: 10 }, () => randomInt(10)).join('')}${pan.slice(-4)}`;
  /** YYYYMMDDHHMMSS, one second apart per transaction from a fixed start (fake's choice). */
  const authdate = () => {
    clock += 1;
    return new Date(Date.UTC(2024, 0, 1) + clock * 1000)
      .toISOString()
      .replace(/\D/g, '')
      .slice(0, 14);
  };

  const json = (
    body: Record<string, unknown> | Record<string, unknown>[],
    status = 200,
  ): FakeAnswer => ({
    status,
    json: Array.isArray(body) ? body.map(shuffled) : shuffled(body),
  });
  const pps = (
    respstat: 'A' | 'B' | 'C',
    respcode: string,
    resptext: string,
    extra: Record<string, unknown> = {},
  ) => json({ respstat, respcode, resptext, respproc: 'PPS', ...extra });
  const notFound = (retref?: string) => pps('C', '29', 'Txn not found', retref ? { retref } : {});

  function record(t: Omit<CardPointeTxn, 'retref' | 'authdate'>): CardPointeTxn {
    nextRetref += randomInt(1, 1000);
    const txn: CardPointeTxn = { ...t, retref: String(nextRetref), authdate: authdate() };
    transactions.set(txn.retref, txn);
    return txn;
  }

  /** The inquire payload of a transaction (fields of the inquire schema [S-CP1]). */
  const inquirePayload = (t: CardPointeTxn) => ({
    merchid: t.merchid,
    ...(t.orderid !== null ? { orderId: t.orderid } : {}),
    amount: dollars(t.amountCents),
    currency: 'USD',
    retref: t.retref,
    respcode: t.respcode,
    respproc: t.respproc,
    respstat: t.respstat,
    resptext: t.resptext,
    setlstat: t.setlstat,
    token: t.token,
    account: t.token,
    lastfour: t.last4,
    expiry: t.expiry,
    name: t.name || undefined,
    authdate: t.authdate.slice(0, 8),
    voidable: t.setlstat === 'Authorized' || t.setlstat === 'Queued for Capture' ? 'Y' : 'N',
    refundable: t.setlstat === 'Accepted' ? 'Y' : 'N',
  });

  const answerOf = (t: CardPointeTxn, extra: Record<string, unknown> = {}) =>
    json({
      respstat: t.respstat,
      respcode: t.respcode,
      resptext: t.resptext,
      respproc: t.respproc,
      retref: t.retref,
      amount: dollars(t.amountCents),
      merchid: t.merchid,
      token: t.token,
      account: t.token,
      ...extra,
    });

  function handleAuth(b: Record<string, unknown>): FakeAnswer | Promise<FakeAnswer> {
    if (String(b.merchid ?? '') !== merchid) return pps('C', '21', 'Invalid merchant'); // fake's choice
    const pan = String(b.account ?? '');
    const cents = fakeAmountCents(b.amount);
    const expiry = String(b.expiry ?? '');
    const cvv = b.cvv2 === undefined ? '' : String(b.cvv2);
    if (!/^\d{12,19}$/.test(pan)) return pps('C', '11', 'Invalid card');
    if (cents === null || cents < 0) return pps('C', '43', 'Invalid amount'); // no forced credits here
    if (!/^\d{4,8}$/.test(expiry)) return pps('C', '15', 'Non-numeric expiry');
    if (cvv && !/^\d{3,4}$/.test(cvv)) return pps('C', '14', 'Non-numeric CVV');
    const capture = String(b.capture ?? 'N').toUpperCase() === 'Y';
    const orderid = typeof b.orderid === 'string' && b.orderid ? b.orderid : null;
    const postal = String(b.postal ?? '55555');
    const address = String(b.address ?? '');
    const avsKey =
      Object.keys(AVS_CODES).find((k) => postal.slice(-3) === k) ??
      Object.keys(AVS_CODES).find((k) =>
        address
          .replace(/\D/g, ' ')
          .split(' ')
          .some((n) => n.includes(k)),
      );
    const base = {
      merchid,
      orderid,
      kind: 'auth' as const,
      refundedCents: 0,
      token: tokenOf(pan),
      last4: pan.slice(-4),
      expiry,
      name: typeof b.name === 'string' ? b.name : '',
      avsresp: avsKey ? AVS_CODES[avsKey]! : 'Y', // default Y: fake's choice
      cvvresp: cvv ? (CVV_CODES[cvv] ?? 'M') : '', // default M: fake's choice
      respproc: processor,
    };

    if (TIMEOUT_CARDS.has(pan)) {
      // [S-CP4]: HTTP 200, respstat B, PPS 62 "Timed out", a retref, setlstat Declined.
      const t = record({
        ...base,
        amountCents: cents,
        setlstat: 'Declined',
        respstat: 'B',
        respcode: '62',
        resptext: 'Timed out',
        respproc: 'PPS',
        authcode: '',
      });
      return {
        ...fromVendorExample(pan, answerOf(t, { setlstat: t.setlstat })),
        delayMs: timeoutCardDelayMs,
      };
    }

    let outcome: {
      respstat: 'A' | 'B' | 'C';
      respcode: string;
      resptext: string;
      amountCents: number;
    };
    const fixed = FIXED_CARDS[pan];
    const approve = processor === 'FNOR' ? '00' : '000';
    const dollarsPart = Math.floor(cents / 100);
    const amountDriven =
      processor === 'FNOR'
        ? dollarsPart >= 1000 && dollarsPart <= 1999
        : dollarsPart >= 1001 && dollarsPart <= 1999;
    if (fixed) {
      const [respcode, resptext] = FIXED_CODES[processor][fixed];
      outcome = { respstat: 'C', respcode, resptext, amountCents: cents };
    } else if (pan === PARTIAL_CARD) {
      outcome =
        cents >= 600
          ? processor === 'FNOR'
            ? { respstat: 'A', respcode: '10', resptext: 'Partial Approval', amountCents: 500 }
            : {
                respstat: 'A',
                respcode: '002',
                resptext: 'Approve for Partial Amount',
                amountCents: 500,
              }
          : { respstat: 'A', respcode: approve, resptext: 'Approval', amountCents: cents };
    } else if (!passesLuhn(pan) || !brandOk(pan)) {
      return pps(
        'C',
        passesLuhn(pan) ? '11' : '13',
        passesLuhn(pan) ? 'Invalid card' : 'Bad card check digit',
      );
    } else if (amountDriven) {
      // respcode = last three digits of the whole dollars; 2-digit codes padded with 0 [S-CP4].
      const last3 = String(dollarsPart).slice(-3);
      const respcode = processor === 'FNOR' ? last3.slice(1) : last3;
      const [resptext, respstat] = CODE_TEXT[processor][respcode] ?? ['Declined', 'C'];
      outcome = { respstat, respcode, resptext, amountCents: cents };
    } else {
      outcome = { respstat: 'A', respcode: approve, resptext: 'Approval', amountCents: cents };
    }
    const approved = outcome.respstat === 'A';
    const t = record({
      ...base,
      ...outcome,
      amountCents: approved ? outcome.amountCents : cents,
      authcode: approved ? newAuthcode() : '',
      setlstat: !approved
        ? 'Declined'
        : cents === 0
          ? 'Zero Amount'
          : capture
            ? 'Queued for Capture'
            : 'Authorized',
    });
    return fromVendorExample(
      pan,
      answerOf(t, {
        authcode: t.authcode || undefined,
        expiry: t.expiry,
        avsresp: approved ? t.avsresp : undefined,
        cvvresp: approved ? t.cvvresp || undefined : undefined,
        commcard: 'N',
        ...(approved ? {} : { setlstat: t.setlstat }),
      }),
    );
  }

  function lookup(b: Record<string, unknown>): CardPointeTxn | undefined {
    const t = transactions.get(String(b.retref ?? ''));
    return t && t.merchid === String(b.merchid ?? '') ? t : undefined;
  }

  function handleCapture(b: Record<string, unknown>): FakeAnswer {
    const t = lookup(b);
    if (!t || t.kind !== 'auth' || t.respstat !== 'A') return notFound(String(b.retref ?? ''));
    const cents = b.amount === undefined ? t.amountCents : fakeAmountCents(b.amount);
    if (cents === null || cents <= 0) return pps('C', '43', 'Invalid amount');
    // Fake's choice: re-capture while still queued replaces the amount; refused once settled
    // ("27 Txn Batched"), voided or a $0 verification.
    if (t.setlstat !== 'Authorized' && t.setlstat !== 'Queued for Capture') {
      return pps('C', '27', 'Txn Batched', { retref: t.retref, setlstat: t.setlstat });
    }
    if (cents > t.amountCents && !captureAboveAuth) return pps('C', '43', 'Invalid amount');
    t.amountCents = cents;
    t.setlstat = 'Queued for Capture';
    // The capture schema lists setlstat and batchid but no respstat [S-CP1]; the fake adds the
    // respstat/respcode/resptext trio too (fake's choice).
    return answerOf(t, {
      setlstat: t.setlstat,
      authcode: t.authcode,
      batchid: '1900941262',
      respcode: '00',
      resptext: 'Approval',
    });
  }

  function voidTxn(t: CardPointeTxn, amount: unknown): FakeAnswer {
    if (t.setlstat === 'Voided') return answerOf(t, { authcode: 'REVERS' }); // fake's choice: idempotent
    const cents = amount === undefined ? t.amountCents : fakeAmountCents(amount);
    if (cents === null || cents <= 0 || cents > t.amountCents)
      return pps('C', '43', 'Invalid amount');
    if (t.setlstat === 'Queued for Capture' && cents !== t.amountCents) {
      // Only full voids once queued for capture [S-CP1]; the code is fake's choice.
      return pps('C', '34', 'Invalid field', { retref: t.retref });
    }
    if (t.setlstat === 'Accepted') {
      // PPS 26 "Txn Settled" is listed with respstat A in the vendor's response code table
      // [S-CP5]: an "approval" that voided nothing (issue 30).
      return pps('A', '26', 'Txn Settled', { retref: t.retref });
    }
    if (
      t.setlstat !== 'Authorized' &&
      t.setlstat !== 'Queued for Capture' &&
      t.setlstat !== 'Zero Amount'
    ) {
      return pps('C', '27', 'Txn Batched', { retref: t.retref }); // fake's choice
    }
    if (cents < t.amountCents) t.amountCents -= cents;
    else t.setlstat = 'Voided';
    return answerOf(t, {
      authcode: 'REVERS',
      amount: dollars(cents),
      ...(t.orderid ? { orderId: t.orderid } : {}),
    });
  }

  function handleRefund(b: Record<string, unknown>): FakeAnswer {
    const t = lookup(b);
    // A refund under another MID is "29 Txn not found" [S-CP6].
    if (!t || t.kind !== 'auth' || t.respstat !== 'A') return notFound(String(b.retref ?? ''));
    const settled = t.setlstat === 'Accepted' || t.setlstat === 'Refunded';
    if (!settled && !(opts.unsettledRefunds && t.setlstat === 'Queued for Capture')) {
      return pps('C', '28', 'Txn not settled', { retref: t.retref });
    }
    const left = t.amountCents - t.refundedCents;
    const cents = b.amount === undefined ? left : fakeAmountCents(b.amount);
    if (cents === null || cents <= 0 || cents > left) return pps('C', '43', 'Invalid amount'); // fake's choice
    // Refund declines: capture ≥ $2000, refund 1nnn.00 → code nnn [S-CP4].
    if (t.amountCents >= 200_000 && cents >= 100_000 && cents <= 199_900 && cents % 100 === 0) {
      const last3 = String(cents / 100).slice(-3);
      const respcode = processor === 'FNOR' ? last3.slice(1) : last3;
      const [resptext] = CODE_TEXT[processor][respcode] ?? ['Declined'];
      return json({ respstat: 'C', respcode, resptext, respproc: processor, retref: t.retref });
    }
    t.refundedCents += cents;
    // Fake's choice: a fully refunded sale shows setlstat "Refunded"; the refund gets its own retref.
    if (t.refundedCents === t.amountCents) t.setlstat = 'Refunded';
    const r = record({
      ...t,
      kind: 'refund',
      amountCents: cents,
      refundedCents: 0,
      orderid: typeof b.orderid === 'string' ? b.orderid : null,
      setlstat: 'Queued for Capture',
      respcode: processor === 'FNOR' ? '00' : '000',
      resptext: 'Approval',
      authcode: '',
    });
    return answerOf(r);
  }

  const pick = (list: CardPointeTxn[]) =>
    inquiryShape === 'array' || (inquiryShape === 'auto' && list.length > 1)
      ? json(list.map(inquirePayload))
      : json(inquirePayload(list.at(-1)!));

  async function dispatch(
    op: CardPointeOp,
    segments: string[],
    body: Record<string, unknown>,
  ): Promise<FakeAnswer> {
    switch (op) {
      case 'auth':
        return handleAuth(body);
      case 'capture':
        return handleCapture(body);
      case 'void': {
        const t = lookup(body);
        if (!t || t.kind !== 'auth' || t.respstat !== 'A')
          return notFound(String(body.retref ?? ''));
        return voidTxn(t, body.amount);
      }
      case 'refund':
        return handleRefund(body);
      case 'voidByOrderId': {
        const orderid = String(body.orderid ?? '');
        // Declined attempts under the order id are ignored [S-CP6].
        const held = [...transactions.values()].filter(
          (t) =>
            t.kind === 'auth' &&
            t.orderid === orderid &&
            t.merchid === String(body.merchid ?? '') &&
            t.respstat === 'A',
        );
        const t = held.find((x) => x.setlstat !== 'Voided') ?? held.at(-1);
        return t ? voidTxn(t, body.amount) : notFound();
      }
      case 'inquire': {
        const [retref, mid] = segments;
        const t = transactions.get(retref ?? '');
        return t && t.merchid === mid ? json(inquirePayload(t)) : notFound(retref);
      }
      case 'inquireByOrderid': {
        const [orderid, mid, set] = segments;
        const list = [...transactions.values()].filter(
          (t) => t.kind === 'auth' && t.orderid === orderid && (set !== '1' || t.merchid === mid),
        );
        // Fake's choice: no match is HTTP 200 with "29 Txn not found" [S-CP4 names the code only].
        return list.length ? pick(list) : notFound();
      }
    }
  }

  const METHODS: Record<CardPointeOp, string[]> = {
    auth: ['PUT', 'POST'],
    capture: ['PUT', 'POST'],
    void: ['PUT', 'POST'],
    refund: ['POST'],
    voidByOrderId: ['POST'],
    inquire: ['GET'],
    inquireByOrderid: ['GET'],
  };

  const server = await startFakeServer(async (req) => {
    const path = req.url.pathname;
    if (!path.startsWith('/cardconnect/rest/')) return wrongPath(path);
    if (req.headers.authorization !== auth) {
      return {
        status: 401,
        text: '',
        headers: { 'www-authenticate': 'Basic realm="CardConnect"' },
      };
    }
    const [name = '', ...segments] = path
      .slice('/cardconnect/rest/'.length)
      .split('/')
      .map(decodeURIComponent);
    if (name === '' && req.method === 'PUT') {
      return { status: 200, contentType: 'text/plain', text: 'CardConnect REST Servlet' }; // [S-CP2]
    }
    const op = (Object.keys(METHODS) as CardPointeOp[]).find((k) => k === name);
    if (!op || !METHODS[op].includes(req.method)) return wrongPath(path);
    let body: Record<string, unknown> = {};
    if (req.method !== 'GET') {
      try {
        const parsed: unknown = JSON.parse(req.body || '{}');
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error();
        body = parsed as Record<string, unknown>;
      } catch {
        // Non-200 bodies are {message, errorcode} [S-CP1]; the values are fake's choice.
        return { status: 400, json: { message: 'Unable to parse request', errorcode: 0 } };
      }
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return {
          status: 400,
          json: { message: 'Content-Type must be application/json', errorcode: 0 },
        };
      }
    }
    const fault = faults && faults.n > 0 && (!faults.op || faults.op === op) ? faults : null;
    if (fault) fault.n -= 1;
    if (fault?.fault === 'http500')
      return { status: 500, json: { message: 'Internal error', errorcode: 0 } };
    if (fault?.fault === 'lineDown') return pps('B', '61', 'Line down');
    const answer = await dispatch(op, segments, body);
    if (fault?.fault === 'duplicate') {
      return json({
        respstat: 'C',
        respcode: '94',
        resptext: 'Duplicate tran',
        respproc: processor,
        merchid: String(body.merchid ?? ''),
        amount: '0.00',
      });
    }
    switch (fault?.fault) {
      case 'hang':
        return { ...answer, delayMs: fault.ms ?? 33_000 };
      case 'truncate':
        return { ...answer, cutOff: true, contentType: 'application/json' };
      case 'garbage':
        return {
          status: 200,
          contentType: 'text/html',
          text: '<html><body><h1>502 Bad Gateway</h1>',
        };
      case 'drop':
        // The head goes out, then the connection drops before any usable byte of the body.
        return { status: 200, raw: ' ', cutOff: true, contentType: 'application/json' };
      default:
        return answer;
    }
  });

  function wrongPath(path: string): FakeAnswer {
    // The gateway's answer to a wrong path [S-CP6].
    return {
      status: 404,
      json: { timestamp: '2023-06-20T15:04:43.980+00:00', status: 404, error: 'Not Found', path },
    };
  }

  return Object.assign(server, {
    transactions,
    failNext(n: number, fault: CardPointeFault, o: { op?: CardPointeOp; ms?: number } = {}) {
      faults = { n, fault, ...o };
    },
    setTimeoutCardDelay(ms: number) {
      timeoutCardDelayMs = ms;
    },
    setInquiryShape(shape: 'auto' | 'object' | 'array') {
      inquiryShape = shape;
    },
    settle(retref?: string) {
      for (const t of transactions.values()) {
        if ((retref === undefined || t.retref === retref) && t.setlstat === 'Queued for Capture') {
          t.setlstat = 'Accepted'; // the settled state's name: fake's choice
        }
      }
    },
    byOrder: (orderid: string) => [...transactions.values()].filter((t) => t.orderid === orderid),
  });
}
