// A local TSYS TransIT (Multipass) JSON gateway (docs/protocols/transit.md): POST
// /servlets/TransNox_API_Server (any case, optional trailing /<Op>), one root key naming the
// operation, answer `{"<Op>Response": {...}}` labelled application/json;charset=ISO-8859-1 and
// encoded as Latin-1 [S-TS3]. Numeric transactionIDs; Auth→Capture, Sale, Void, Return (on an
// unsettled charge ⇒ A0014 + void), TipAdjustment, SearchTransaction, GenerateKey.
//
// Everything marked "fake's choice" is ours, not TransIT's (its codes and trigger data are
// UNVERIFIED):
//   - unknown deviceID/transactionKey → FAIL F9906 "The transactionKey or deviceID is not valid.";
//   - request values must be strings; amounts minor-unit digits only — a decimal point is refused
//     ("The value of element transactionAmount is not valid."), so tests assert the adapter's unit;
//   - expirationDate accepted as MMYY, MMYYYY or MM/YY with a real month (formats seen in clients);
//   - cards: FAKE_TRANSIT_CARDS (decline D2005, insufficient funds D2051, a PASS with A3200, a
//     partial approval A0002); every other number approves with A0000;
//   - AVS from zip: FAKE_TRANSIT_AVS_N_ZIP → N, no zip → 0, else Y; CVV: 999 → N, 998 → P, else M;
//   - the tip (tipModel, default 'included'): transactionAmount is the whole amount, tip included,
//     with tip beside it — as Global Payments' official Java SDK sends it (TransitConnector, read
//     only: GPL; issue 30); processedAmount and totalAmount are the whole approved amount. With
//     tipModel 'added' (the adapter's old reading) the tip is on top: totalAmount =
//     transactionAmount + tip. Inside, amounts are kept without the tip either way;
//   - Capture and TipAdjustment keep the transactionID; Void and Return get a new one;
//   - the duplicate check: same cardNumber + transactionAmount + orderNumber within 60 s → FAIL
//     F9910 "Duplicate Transaction.", unless skipDuplicateCheck "Y" [S-TS5];
//   - an unsettled charge returns only in full (A0014, voided); a partial one is "Return Not
//     Allowed." until settle() runs; settled charges return up to what is left (A0000);
//   - GenerateKey checks mid/userID/password → FAIL F9907 "Invalid login credentials."; the new
//     32-char uppercase key is then accepted too.
// Test knobs: delayMs (every answer), misbehaveNext (HTTP 500, truncated, garbage or hang — before
// or after the gateway processed the request), settle() (batch close), echoPasswordOnFail, reset().
import { randomInt } from 'node:crypto';
import { type FakeAnswer, type FakeServer, startFakeServer } from './http.js';

export const FAKE_TRANSIT = {
  deviceId: '88700000000101',
  transactionKey: 'FAKE0TRANSIT0KEY0000000000000001',
  mid: '887000000001',
  userId: 'TA0000001',
  password: 'fake-Passw0rd!',
} as const;

export const FAKE_TRANSIT_AVS_N_ZIP = '99999';
export const FAKE_TRANSIT_CVV = { N: '999', P: '998' } as const;

export type FakeTransitCardOutcome = 'decline' | 'insufficient_funds' | 'approve_a3200' | 'partial';
export const FAKE_TRANSIT_CARDS: Record<string, FakeTransitCardOutcome> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000003200': 'approve_a3200',
  '4000000000000010': 'partial',
};

export interface FakeTransitTransaction {
  transactionID: string;
  type: 'Auth' | 'Sale' | 'Void' | 'Return';
  /** For Void/Return: the charge it acted on. */
  originalID?: string;
  status: 'APPROVED' | 'DECLINED' | 'VOID';
  captured: boolean;
  settled: boolean;
  transactionAmount: number;
  processedAmount: number;
  tip: number;
  returned: number;
  last4: string;
  cardType: string;
  expirationDate: string;
  orderNumber?: string;
  externalReferenceID?: string;
  authCode: string;
  avs?: string;
  cvv?: string;
}

export interface FakeTransitCall {
  op: string;
  /** The trailing /<Op> path segment, when used. */
  pathOp?: string;
  fields: Record<string, unknown>;
  contentType: string | undefined;
}

/**
 * `duplicate`: the request reached the gateway twice (an earlier copy whose answer was lost): the
 * first is processed, the second meets the duplicate check (F9910).
 */
export type FakeTransitMisbehaviour = 'http500' | 'truncated' | 'garbage' | 'hang' | 'duplicate';

export interface FakeTransit extends FakeServer {
  calls: FakeTransitCall[];
  transactions: Map<string, FakeTransitTransaction>;
  knobs: {
    /** Delay every answer by this many ms. */
    delayMs: number;
    /** GenerateKey's FAIL message repeats the password (a careless gateway) — for scrub tests. */
    echoPasswordOnFail: boolean;
  };
  /**
   * The next request (after `after` normal ones, default 0) gets this answer instead of a normal
   * one. `processed` (default true): the gateway did the work first (the dangerous case); false:
   * it never got that far. `ms`: how long 'hang' waits before answering (default 5 s).
   */
  misbehaveNext(
    kind: FakeTransitMisbehaviour,
    opts?: { processed?: boolean; ms?: number; after?: number },
  ): void;
  /** Back to normal answers: no delay, no pending misbehaviour, no password echo. */
  reset(): void;
  /** Batch close: every approved charge becomes settled (no more void/tip; returns are A0000). */
  settle(): void;
  /** Transaction keys the fake accepts (the initial one plus any GenerateKey issued). */
  keys: Set<string>;
}

const CONTENT_TYPE = 'application/json;charset=ISO-8859-1';
const DUPLICATE_WINDOW_MS = 60_000;
const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PATH = /^\/servlets\/transnox_api_server(?:\/([A-Za-z]+))?\/?$/i;

function cardTypeOf(number: string): string {
  if (/^3[47]/.test(number)) return 'X';
  if (/^4/.test(number)) return 'V';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'M';
  if (/^6/.test(number)) return 'R';
  return 'O';
}

/** Any of the formats clients send → MMYYYY (as answers echo it), or null. */
function expiryOf(v: string): string | null {
  let m = /^(0[1-9]|1[0-2])(\d{2})$/.exec(v) ?? /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(v);
  if (m) return `${m[1]}20${m[2]}`;
  m = /^(0[1-9]|1[0-2])(\d{4})$/.exec(v);
  return m ? `${m[1]}${m[2]}` : null;
}

const timestamp = () => new Date().toISOString().slice(0, 19);

export async function startTransitFake(
  opts: {
    deviceId?: string;
    transactionKey?: string;
    delayMs?: number;
    tipModel?: 'included' | 'added';
  } = {},
): Promise<FakeTransit> {
  const tipIncluded = (opts.tipModel ?? 'included') === 'included';
  /** A wire amount (with the tip when included) → the amount without the tip; null if negative. */
  const netOf = (wire: number, tip: number) => (tipIncluded ? wire - tip : wire);
  /** An amount without the tip → the wire's transactionAmount / processedAmount. */
  const wireOf = (net: number, tip: number) => (tipIncluded ? net + tip : net);
  const deviceId = opts.deviceId ?? FAKE_TRANSIT.deviceId;
  const keys = new Set<string>([opts.transactionKey ?? FAKE_TRANSIT.transactionKey]);
  const calls: FakeTransitCall[] = [];
  const transactions = new Map<string, FakeTransitTransaction>();
  const recent = new Map<string, number>();
  const knobs = { delayMs: opts.delayMs ?? 0, echoPasswordOnFail: false };
  let misbehaviour: {
    kind: FakeTransitMisbehaviour;
    processed: boolean;
    ms: number;
    after: number;
  } | null = null;
  let nextId = 21_470_000 + randomInt(10_000);
  let nextTask = 21_170_000 + randomInt(10_000);
  const newId = () => String((nextId += 1 + randomInt(3)));
  const authCode = () => `TAS${String(randomInt(1000)).padStart(3, '0')}`;

  const respond = (op: string, body: Record<string, unknown>): FakeAnswer => ({
    status: 200,
    raw: Buffer.from(JSON.stringify({ [`${op}Response`]: body }), 'latin1'),
    contentType: CONTENT_TYPE,
  });
  const fail = (op: string, code: string, message: string) =>
    respond(op, { status: 'FAIL', responseCode: code, responseMessage: message });
  const invalid = (op: string, element: string) =>
    fail(op, 'F0001', `The value of element ${element} is not valid.`);
  const pass = (code: string, message: string) => ({
    status: 'PASS',
    responseCode: code,
    responseMessage: message,
    taskID: String((nextTask += 1)),
    transactionTimestamp: timestamp(),
  });

  function cardFields(t: FakeTransitTransaction) {
    return { cardType: t.cardType, maskedCardNumber: t.last4 };
  }
  function refs(t: FakeTransitTransaction) {
    return {
      ...(t.orderNumber ? { orderNumber: t.orderNumber } : {}),
      ...(t.externalReferenceID ? { externalReferenceID: t.externalReferenceID } : {}),
    };
  }

  function charge(op: 'Auth' | 'Sale', f: Record<string, string>): FakeAnswer {
    for (const key of ['cardDataSource', 'transactionAmount', 'cardNumber', 'expirationDate']) {
      if (!f[key]) return fail(op, 'F0002', `The element ${key} must not be empty.`);
    }
    const amount = f.transactionAmount!;
    if (!/^\d+$/.test(amount)) return invalid(op, 'transactionAmount');
    if (f.tip !== undefined && !/^\d+$/.test(f.tip)) return invalid(op, 'tip');
    // Fake's choice: a tip larger than an amount that includes it is refused.
    if (netOf(Number(amount), Number(f.tip ?? '0')) < 0) return invalid(op, 'tip');
    const number = f.cardNumber!;
    if (!/^\d{12,19}$/.test(number)) return invalid(op, 'cardNumber');
    const expiry = expiryOf(f.expirationDate!);
    if (!expiry) return fail(op, 'F0001', "The value of element 'expirationDate' is not valid., ");
    if (f.cvv2 !== undefined && !/^\d{3,4}$/.test(f.cvv2)) return invalid(op, 'cvv2');

    const dupKey = `${number}|${amount}|${f.orderNumber ?? ''}`;
    const now = Date.now();
    if (
      f.skipDuplicateCheck !== 'Y' &&
      now - (recent.get(dupKey) ?? -Infinity) < DUPLICATE_WINDOW_MS
    ) {
      return fail(op, 'F9910', 'Duplicate Transaction.');
    }
    recent.set(dupKey, now);

    const outcome = FAKE_TRANSIT_CARDS[number];
    const base = {
      transactionID: newId(),
      type: op,
      captured: op === 'Sale',
      settled: false,
      transactionAmount: netOf(Number(amount), Number(f.tip ?? '0')),
      tip: Number(f.tip ?? '0'),
      returned: 0,
      last4: number.slice(-4),
      cardType: cardTypeOf(number),
      expirationDate: expiry,
      authCode: authCode(),
      ...(f.orderNumber ? { orderNumber: f.orderNumber } : {}),
      ...(f.externalReferenceID ? { externalReferenceID: f.externalReferenceID } : {}),
    };
    if (outcome === 'decline' || outcome === 'insufficient_funds') {
      transactions.set(base.transactionID, {
        ...base,
        status: 'DECLINED',
        processedAmount: 0,
      });
      return respond(op, {
        status: 'FAIL',
        ...(outcome === 'decline'
          ? { responseCode: 'D2005', responseMessage: 'Do Not Honor', hostResponseCode: '05' }
          : {
              responseCode: 'D2051',
              responseMessage: 'Insufficient Funds',
              hostResponseCode: '51',
            }),
        transactionID: base.transactionID,
      });
    }
    const zip = f.zip?.trim();
    const avs = !zip ? '0' : zip === FAKE_TRANSIT_AVS_N_ZIP ? 'N' : 'Y';
    const cvv =
      f.cvv2 === undefined
        ? undefined
        : f.cvv2 === FAKE_TRANSIT_CVV.N
          ? 'N'
          : f.cvv2 === FAKE_TRANSIT_CVV.P
            ? 'P'
            : 'M';
    const processed =
      outcome === 'partial' ? Math.floor(base.transactionAmount / 2) : base.transactionAmount;
    const t: FakeTransitTransaction = {
      ...base,
      status: 'APPROVED',
      processedAmount: processed,
      avs,
      ...(cvv ? { cvv } : {}),
    };
    transactions.set(t.transactionID, t);
    const [code, message] =
      outcome === 'approve_a3200'
        ? ['A3200', 'Success']
        : outcome === 'partial'
          ? ['A0002', 'Partially Approved']
          : ['A0000', 'Success'];
    return respond(op, {
      ...pass(code, message),
      authCode: t.authCode,
      hostReferenceNumber: String(930_000_000_000 + randomInt(1_000_000)),
      hostResponseCode: outcome === 'partial' ? '10' : '00',
      transactionID: t.transactionID,
      transactionAmount: String(wireOf(t.transactionAmount, t.tip)),
      processedAmount: String(wireOf(processed, t.tip)),
      ...(t.tip ? { tip: String(t.tip) } : {}),
      totalAmount: String(processed + t.tip),
      addressVerificationCode: avs,
      ...(cvv ? { cvvVerificationCode: cvv } : {}),
      ...cardFields(t),
      expirationDate: expiry,
      ...(f.cardHolderName ? { cardHolderName: f.cardHolderName } : {}),
      ...refs(t),
      commercialCard: '0',
      aci: 'N',
      customerReceipt: 'FAKE RECEIPT',
    });
  }

  function target(op: string, f: Record<string, string>) {
    const id = f.transactionID;
    const t = id ? transactions.get(id) : undefined;
    if (!t || (t.type !== 'Auth' && t.type !== 'Sale') || t.status === 'DECLINED') {
      return { error: fail(op, 'D0004', 'Record(s) Not Found.') };
    }
    return { t };
  }

  function followUpRecord(
    type: 'Void' | 'Return',
    t: FakeTransitTransaction,
    amount: number,
  ): FakeTransitTransaction {
    const r: FakeTransitTransaction = {
      ...t,
      transactionID: newId(),
      type,
      originalID: t.transactionID,
      status: 'APPROVED',
      transactionAmount: amount,
      processedAmount: amount,
      tip: 0,
      returned: 0,
      authCode: authCode(),
    };
    transactions.set(r.transactionID, r);
    return r;
  }

  function capture(f: Record<string, string>): FakeAnswer {
    const { t, error } = target('Capture', f);
    if (error) return error;
    if (t.type !== 'Auth' || t.captured || t.status !== 'APPROVED' || t.settled) {
      return fail('Capture', 'D0006', 'Capture Not Allowed.');
    }
    if (f.transactionAmount !== undefined && !/^\d+$/.test(f.transactionAmount)) {
      return invalid('Capture', 'transactionAmount');
    }
    if (f.tip !== undefined && !/^\d+$/.test(f.tip)) return invalid('Capture', 'tip');
    if (f.tip !== undefined) t.tip = Number(f.tip);
    if (f.transactionAmount !== undefined) {
      const net = netOf(Number(f.transactionAmount), t.tip);
      if (net < 0) return invalid('Capture', 'tip');
      t.transactionAmount = net;
    }
    t.processedAmount = t.transactionAmount;
    t.captured = true;
    return respond('Capture', {
      ...pass('A0000', 'Success'),
      authCode: t.authCode,
      transactionID: t.transactionID,
      transactionAmount: String(wireOf(t.transactionAmount, t.tip)),
      tip: String(t.tip),
      totalAmount: String(t.transactionAmount + t.tip),
      ...cardFields(t),
      customerReceipt: 'FAKE RECEIPT',
    });
  }

  function voidOp(f: Record<string, string>): FakeAnswer {
    const { t, error } = target('Void', f);
    if (error) return error;
    if (t.status === 'VOID') return fail('Void', 'D0005', 'Transaction Already Voided.');
    if (t.settled) return fail('Void', 'D0005', 'Void Not Allowed.');
    t.status = 'VOID';
    const total = t.processedAmount + t.tip;
    const v = followUpRecord('Void', t, total);
    return respond('Void', {
      ...pass('A0000', 'Success'),
      authCode: v.authCode,
      hostResponseCode: '00',
      transactionID: v.transactionID,
      ...refs(t),
      transactionAmount: String(total),
      voidedAmount: String(total),
      ...cardFields(t),
      customerReceipt: 'FAKE RECEIPT',
    });
  }

  function returnOp(f: Record<string, string>): FakeAnswer {
    const { t, error } = target('Return', f);
    if (error) return error;
    if (!f.transactionAmount || !/^\d+$/.test(f.transactionAmount)) {
      return invalid('Return', 'transactionAmount');
    }
    const amount = Number(f.transactionAmount);
    const total = t.processedAmount + t.tip;
    if (t.status !== 'APPROVED' || !t.captured || amount <= 0 || amount > total - t.returned) {
      return fail('Return', 'D0005', 'Return Not Allowed.');
    }
    let code = 'A0000';
    let message = 'Success';
    if (!t.settled) {
      // Not settled yet: the gateway voids it instead, in full only (fake's choice).
      if (amount !== total) return fail('Return', 'D0005', 'Return Not Allowed.');
      t.status = 'VOID';
      code = 'A0014';
      message = 'Return requested, Void successful';
    }
    t.returned += amount;
    const r = followUpRecord('Return', t, amount);
    return respond('Return', {
      ...pass(code, message),
      authCode: r.authCode,
      hostResponseCode: '00',
      transactionID: r.transactionID,
      ...refs(t),
      transactionAmount: String(amount),
      returnedAmount: String(amount),
      ...cardFields(t),
      customerReceipt: 'FAKE RECEIPT',
    });
  }

  function tipAdjustment(f: Record<string, string>): FakeAnswer {
    const { t, error } = target('TipAdjustment', f);
    if (error) return error;
    if (f.tip === undefined || f.tip === '') {
      return fail('TipAdjustment', 'F0002', 'The element tip must not be empty.');
    }
    if (!/^\d+$/.test(f.tip)) return invalid('TipAdjustment', 'tip');
    if (t.status !== 'APPROVED' || t.settled) {
      return fail('TipAdjustment', 'D0005', 'Tip Adjustment Not Allowed.');
    }
    t.tip = Number(f.tip);
    return respond('TipAdjustment', {
      ...pass('A0000', 'Success'),
      transactionID: t.transactionID,
      totalAmount: String(t.processedAmount + t.tip),
      tip: String(t.tip),
      customerReceipt: 'FAKE RECEIPT',
    });
  }

  function search(f: Record<string, string>): FakeAnswer {
    const t = f.transactionID ? transactions.get(f.transactionID) : undefined;
    if (!t) return fail('SearchTransaction', 'D0004', 'Record(s) Not Found.');
    return respond('SearchTransaction', {
      ...pass('A0000', 'Success'),
      transactionDetails: {
        transactionID: t.transactionID,
        transactionType: t.type === 'Auth' && !t.captured ? 'Auth-Only' : t.type,
        transactionStatus: t.status,
        transactionAmount: String(t.transactionAmount),
        totalAmount: String(t.processedAmount + t.tip),
        ...refs(t),
      },
    });
  }

  function generateKey(f: Record<string, string>): FakeAnswer {
    if (
      f.mid !== FAKE_TRANSIT.mid ||
      f.userID !== FAKE_TRANSIT.userId ||
      f.password !== FAKE_TRANSIT.password
    ) {
      const said = knobs.echoPasswordOnFail
        ? `Invalid login credentials for ${f.userID ?? ''} with password ${f.password ?? ''}.`
        : 'Invalid login credentials.';
      return fail('GenerateKey', 'F9907', said);
    }
    let key = '';
    for (let i = 0; i < 32; i += 1) key += KEY_CHARS[randomInt(KEY_CHARS.length)];
    keys.add(key);
    return respond('GenerateKey', { ...pass('A0000', 'Success'), transactionKey: key });
  }

  function process(op: string, f: Record<string, string>): FakeAnswer {
    if (op === 'GenerateKey') return generateKey(f);
    if (f.deviceID !== deviceId || !f.transactionKey || !keys.has(f.transactionKey)) {
      return fail(op, 'F9906', 'The transactionKey or deviceID is not valid.');
    }
    switch (op) {
      case 'Auth':
      case 'Sale':
        return charge(op, f);
      case 'Capture':
        return capture(f);
      case 'Void':
        return voidOp(f);
      case 'Return':
        return returnOp(f);
      case 'TipAdjustment':
        return tipAdjustment(f);
      case 'SearchTransaction':
        return search(f);
      default:
        return fail(op, 'F0003', `Unknown operation ${op}.`);
    }
  }

  function misbehave(m: { kind: FakeTransitMisbehaviour; ms: number }, normal: FakeAnswer) {
    switch (m.kind) {
      case 'http500':
        return { status: 500, text: 'Internal Server Error' };
      case 'garbage':
        return { status: 200, contentType: 'text/html', text: '<html><body>502 Bad Gateway' };
      case 'truncated':
        return { ...normal, cutOff: true };
      case 'hang':
        return { ...normal, delayMs: m.ms };
      case 'duplicate':
        return normal;
    }
  }

  const server = await startFakeServer(async (req) => {
    const answer = await handle(
      req.method,
      req.url.pathname,
      req.headers['content-type'],
      req.body,
    );
    return knobs.delayMs ? { ...answer, delayMs: (answer.delayMs ?? 0) + knobs.delayMs } : answer;
  });

  async function handle(
    method: string,
    path: string,
    contentType: string | undefined,
    raw: string,
  ): Promise<FakeAnswer> {
    const m = PATH.exec(path);
    if (!m) return { status: 404, text: 'Not Found' };
    if (method !== 'POST') return { status: 405, text: 'Method Not Allowed' };
    let bad = misbehaviour;
    if (bad && bad.after > 0) {
      bad.after -= 1;
      bad = null;
    } else misbehaviour = null;
    if (bad && !bad.processed) return misbehave(bad, { status: 200, text: '' });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, text: 'Bad Request' };
    }
    const roots = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
    if (roots.length !== 1) return { status: 400, text: 'Bad Request' };
    const op = roots[0]!;
    const fields = (body as Record<string, unknown>)[op];
    calls.push({
      op,
      ...(m[1] ? { pathOp: m[1] } : {}),
      fields: fields && typeof fields === 'object' ? { ...(fields as object) } : {},
      contentType,
    });
    if (m[1] && m[1] !== op) return { status: 400, text: 'Bad Request' };
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
      return fail(op, 'F0001', 'The request is not valid.');
    }
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value !== 'string') return invalid(op, key);
    }
    if (bad?.kind === 'duplicate') process(op, fields as Record<string, string>);
    const answer = process(op, fields as Record<string, string>);
    return bad ? misbehave(bad, answer) : answer;
  }

  return Object.assign(server, {
    calls,
    transactions,
    knobs,
    keys,
    misbehaveNext(
      kind: FakeTransitMisbehaviour,
      o: { processed?: boolean; ms?: number; after?: number } = {},
    ) {
      misbehaviour = {
        kind,
        processed: o.processed ?? true,
        ms: o.ms ?? 5_000,
        after: o.after ?? 0,
      };
    },
    reset() {
      misbehaviour = null;
      knobs.delayMs = 0;
      knobs.echoPasswordOnFail = false;
    },
    settle() {
      for (const t of transactions.values()) {
        if (t.status === 'APPROVED' && t.captured) t.settled = true;
      }
    },
  });
}
