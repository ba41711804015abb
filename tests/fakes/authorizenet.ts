// A local Authorize.Net API (docs/protocols/authorizenet.md): POST /xml/v1/request.api with a JSON
// createTransactionRequest; every answer is JSON prefixed with a byte order mark [S-AN6], HTTP
// 200 whatever the outcome. It checks merchantAuthentication (E00007), the schema order of the
// elements it knows (E00003 "invalid child element", as the vendor's JSON-to-XML translation
// does) and the schema's length limits; keeps transactions (authorized → captured → settled,
// or voided; refunds as their own transactions); answers the sandbox triggers of the vendor's
// Testing Guide [S-AN7] (zip 46282 declines; AVS by zip; CVV by card code); refuses duplicates
// inside the duplicate window (reason 11, E00027) on the fields the vendor compares; refunds
// only settled transactions (reason 54). Knobs: hang, HTTP 500, cut-off answer, garbage, a
// schema error, held for review; settle() and a clock to step past the window.
//
// Where the vendor's behaviour was not researched the fake decides; those places say "fake's
// choice". Its schema lists are its own copy (from AnetApiSchema.xsd), not the adapter's.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type FakeAnswer, type FakeServer, startFakeServer } from './http.js';

/**
 * The vendor's own answer (API reference, "Charge a Credit Card": tests/fixtures/gateways/
 * authorizenet/authcapture.approved.response.vendor.json, issue 30): every transactionResponse the
 * fake gives starts from it — its fields, in its order — with the fake's values put in; the
 * fields the fake has no value of its own for (transHashSha2, networkTransId, …) keep the
 * example's.
 */
const VENDOR_TRANSACTION_RESPONSE = (
  JSON.parse(
    readFileSync(
      new URL(
        '../fixtures/gateways/authorizenet/authcapture.approved.response.vendor.json',
        import.meta.url,
      ),
      'utf8',
    ),
  ) as { transactionResponse: Record<string, unknown> }
).transactionResponse;
const { messages: _vendorMessages, ...VENDOR_TR_BASE } = VENDOR_TRANSACTION_RESPONSE;
const VENDOR_TR_ORDER = Object.keys(VENDOR_TRANSACTION_RESPONSE);
/** The example's fields first, in its order; then what it has no place for (errors, prePaidCard…). */
function inVendorOrder(tr: Record<string, unknown>): Record<string, unknown> {
  const keys = [
    ...VENDOR_TR_ORDER.filter((k) => k in tr),
    ...Object.keys(tr).filter((k) => !VENDOR_TR_ORDER.includes(k)),
  ];
  return Object.fromEntries(keys.map((k) => [k, tr[k]]));
}

export const FAKE_ANET_LOGIN = 'fakeAnetLogin';
export const FAKE_ANET_KEY = 'fakeAnetKey12345';

const NS = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';
const BOM = '\uFEFF';

/** Children in schema order of the elements the fake checks (AnetApiSchema.xsd). */
const ORDER: Record<string, readonly string[]> = {
  createTransactionRequest: ['merchantAuthentication', 'clientId', 'refId', 'transactionRequest'],
  merchantAuthentication: ['name', 'transactionKey'],
  transactionRequest: [
    'transactionType',
    'amount',
    'currencyCode',
    'payment',
    'profile',
    'solution',
    'callId',
    'terminalNumber',
    'authCode',
    'refTransId',
    'splitTenderId',
    'order',
    'lineItems',
    'tax',
    'duty',
    'shipping',
    'taxExempt',
    'poNumber',
    'customer',
    'billTo',
    'shipTo',
    'customerIP',
    'cardholderAuthentication',
    'retail',
    'employeeId',
    'transactionSettings',
    'userFields',
    'surcharge',
    'merchantDescriptor',
    'subMerchant',
    'tip',
    'processingOptions',
    'subsequentAuthInformation',
    'otherTax',
    'shipFrom',
    'authorizationIndicatorType',
  ],
  payment: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData'],
  creditCard: ['cardNumber', 'expirationDate', 'cardCode'],
  order: ['invoiceNumber', 'description'],
  billTo: [
    'firstName',
    'lastName',
    'company',
    'address',
    'city',
    'state',
    'zip',
    'country',
    'phoneNumber',
    'faxNumber',
    'email',
  ],
  transactionSettings: ['setting'],
  setting: ['settingName', 'settingValue'],
};

const BILL_TO_COMPARED = [
  'firstName',
  'lastName',
  'company',
  'address',
  'city',
  'state',
  'zip',
  'country',
];

/** maxLength of AnetApiSchema.xsd for fields the fake checks. */
const MAX_LENGTH: Record<string, number> = {
  refId: 20,
  invoiceNumber: 20,
  description: 255,
  name: 25,
  transactionKey: 16,
  firstName: 50,
  lastName: 50,
  address: 60,
  zip: 20,
  cardNumber: 16,
};

/** Testing Guide triggers [S-AN7]. */
export const ANET_DECLINE_ZIP = '46282';
export const ANET_AVS_BY_ZIP: Record<string, string> = {
  '46203': 'E',
  '46207': 'R',
  '46204': 'G',
  '46205': 'N',
  '46201': 'A',
  '46217': 'Z',
};
export const ANET_CVV_BY_CODE: Record<string, string> = {
  '900': 'M',
  '901': 'N',
  '902': 'S',
  '903': 'U',
  '904': 'P',
};
/** The vendor's default duplicate window when the request sets none: about 2 minutes [S-AN16]. */
const DEFAULT_DUPLICATE_WINDOW_S = 120;

export type FakeAnetState =
  'authorized' | 'captured' | 'settled' | 'voided' | 'declined' | 'held' | 'refund';

export interface FakeAnetTransaction {
  transId: string;
  type: string;
  state: FakeAnetState;
  /** The amount as it came on the wire ("12.34"). */
  amountWire: string;
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  cardLast4: string;
  accountType: string;
  authCode: string;
  avs: string;
  cvv: string;
  invoiceNumber: string | null;
  refTransId: string | null;
}

export type FakeAnetKnob =
  | 'http500'
  | 'truncated'
  | 'garbage'
  | 'hang'
  | 'schemaError'
  | 'held'
  | 'internalError'
  /** Answers normally: queued before another knob, it makes that one hit the request after. */
  | 'pass'
  /**
   * The request reached the gateway twice (an earlier copy whose answer was lost): the first is
   * processed, and this answer is the vendor's duplicate refusal of the second (reason 11,
   * carrying the original's id since we pass duplicateWindow).
   */
  | 'duplicate';

export interface FakeAuthorizeNet extends FakeServer {
  transactions: Map<string, FakeAnetTransaction>;
  /**
   * The next request gets this treatment. http500/truncated/garbage/hang process the
   * transaction first (money held, answer lost) unless `processed: false`; hang delays the
   * answer by `hangMs` (default 5 s). schemaError answers E00003 quoting the card number, as
   * the vendor's schema errors quote the offending value; held answers responseCode 4;
   * internalError answers E00001.
   */
  failNext(knob: FakeAnetKnob, opts?: { processed?: boolean; hangMs?: number }): void;
  /** The nightly batch: captured (and refund) transactions become settled; one id or all. */
  settle(transId?: string): void;
  /** Moves the fake's clock (the duplicate window) forward. */
  advanceClock(seconds: number): void;
  /** Decline instead of approving when AVS says N (reason 27) / CVV says N (reason 65). */
  setFilters(f: { rejectAvsN?: boolean; rejectCvvN?: boolean }): void;
  /**
   * The merchant's account-wide partial authorisation switched on, with a card that holds only
   * `availableCents`: a larger charge is approved for that much (responseCode 1, message 295,
   * splitTenderId, prePaidCard) unless the request sends allowPartialAuth=false, which turns it
   * into a decline — or, with `honoursRequest: false`, still approves it partially (the worst
   * case the adapter must survive). null switches it off. The answer's shape follows the API
   * reference's partial-authorisation response (docs/decisions/gateway-authorizenet.md); the
   * message text is the fake's.
   */
  setPartialAuth(p: { availableCents: number; honoursRequest?: boolean } | null): void;
  /** Parsed JSON bodies of the requests, in order. */
  bodies(): unknown[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

class SchemaError extends Error {}

/** E00003 for the first child out of order, unknown, or too long (the vendor's wording, roughly). */
function checkSchema(name: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) checkSchema(name, item);
    return;
  }
  if (!isObj(value)) {
    const max = MAX_LENGTH[name];
    if (max !== undefined && str(value).length > max) {
      throw new SchemaError(
        `The '${NS}:${name}' element is invalid - The value '${str(value)}' is invalid according to its datatype 'String' - The actual length is greater than the MaxLength value.`,
      );
    }
    return;
  }
  const order = ORDER[name];
  if (!order) return; // an element the fake does not model: not checked (fake's choice)
  let last = -1;
  const keys = Object.keys(value);
  for (const key of keys) {
    const at = order.indexOf(key);
    if (at <= last) {
      const expected = order.slice(last + 1, last + 4);
      throw new SchemaError(
        `The element '${name}' in namespace '${NS}' has invalid child element '${key}' in namespace '${NS}'. List of possible elements expected: '${expected.join("', '")}' in namespace '${NS}'.`,
      );
    }
    last = at;
    checkSchema(key, value[key]);
  }
}

function accountTypeOf(number: string): string {
  if (/^3[47]/.test(number)) return 'AmericanExpress';
  if (/^3(0|6|8)/.test(number)) return 'DinersClub';
  if (/^35|^3088/.test(number)) return 'JCB';
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^6/.test(number)) return 'Discover';
  return 'Unknown';
}

function newAuthCode(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let code = '';
  for (let i = 0; i < 6; i += 1) code += chars[randomInt(chars.length)];
  return code;
}

/** "12.34" / 12.34 / 5 → cents; null when not an amount. */
function centsOf(v: unknown): number | null {
  const s = str(v);
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export async function startAuthorizeNetFake(
  opts: { apiLoginId?: string; transactionKey?: string; bom?: boolean } = {},
): Promise<FakeAuthorizeNet> {
  const login = opts.apiLoginId ?? FAKE_ANET_LOGIN;
  const key = opts.transactionKey ?? FAKE_ANET_KEY;
  const bom = opts.bom ?? true;
  const transactions = new Map<string, FakeAnetTransaction>();
  /** Charges and refunds seen, for the duplicate check: compared fields, when, transaction. */
  const recent: { key: string; at: number; tx: FakeAnetTransaction }[] = [];
  const knobs: { knob: FakeAnetKnob; processed: boolean; hangMs: number }[] = [];
  const filters = { rejectAvsN: false, rejectCvvN: false };
  let partialAuth: { availableCents: number; honoursRequest: boolean } | null = null;
  let clockOffsetMs = 0;
  let nextTransId = 60_000_000_001;
  const now = () => Date.now() + clockOffsetMs;

  const answer = (body: unknown): FakeAnswer => ({
    status: 200,
    raw: `${bom ? BOM : ''}${JSON.stringify(body)}`,
    contentType: 'application/json; charset=utf-8',
  });
  const apiError = (code: string, text: string, refId?: string) =>
    answer({
      ...(refId !== undefined ? { refId } : {}),
      messages: { resultCode: 'Error', message: [{ code, text }] },
    });

  interface TxAnswer {
    responseCode: '1' | '2' | '3' | '4';
    tx?: FakeAnetTransaction | undefined;
    refTransId?: string;
    reason?: [string, string];
    partial?: { requestedCents: number; splitTenderId: string };
  }
  const txAnswer = (a: TxAnswer, refId: string | undefined) => {
    const ok = a.responseCode === '1' || a.responseCode === '4';
    const t = a.tx;
    return answer({
      transactionResponse: inVendorOrder({
        ...VENDOR_TR_BASE,
        responseCode: a.responseCode,
        authCode: a.responseCode === '1' ? (t?.authCode ?? '') : '',
        avsResultCode: t?.avs ?? 'P',
        cvvResultCode: t?.cvv ?? '',
        cavvResultCode: '',
        transId: t?.transId ?? '0',
        refTransID: a.refTransId ?? '',
        transHash: '',
        testRequest: '0',
        accountNumber: t ? `XXXX${t.cardLast4}` : '',
        accountType: t?.accountType ?? '',
        ...(a.partial && t
          ? {
              splitTenderId: a.partial.splitTenderId,
              prePaidCard: {
                requestedAmount: (a.partial.requestedCents / 100).toFixed(2),
                approvedAmount: (t.amountCents / 100).toFixed(2),
                balanceOnCard: '0.00',
              },
            }
          : {}),
        ...(a.reason
          ? a.responseCode === '1' || a.responseCode === '4'
            ? { messages: [{ code: a.reason[0], description: a.reason[1] }] }
            : { errors: [{ errorCode: a.reason[0], errorText: a.reason[1] }] }
          : {}),
      }),
      ...(refId !== undefined ? { refId } : {}),
      messages: ok
        ? { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] }
        : {
            resultCode: 'Error',
            message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
          },
    });
  };
  const APPROVED: [string, string] = ['1', 'This transaction has been approved.'];
  const notFound = (refId?: string) =>
    txAnswer({ responseCode: '3', reason: ['16', 'The transaction cannot be found.'] }, refId);
  // Fake's choice: the vendor's reason codes for these refusals were not researched.
  const notAllowed = (what: string, t: FakeAnetTransaction, refId?: string) =>
    txAnswer(
      { responseCode: '3', tx: t, refTransId: t.transId, reason: ['9999', `${what} (fake)`] },
      refId,
    );

  function newTx(fields: Omit<FakeAnetTransaction, 'transId'>): FakeAnetTransaction {
    const tx = { transId: String(nextTransId++), ...fields };
    transactions.set(tx.transId, tx);
    return tx;
  }

  /**
   * The duplicate check: the fields the vendor compares (login, card, expiry, type, amount,
   * invoice and PO number, billing name and address, the duplicate window itself — vendor guide
   * "Response for Duplicate Transactions"), within the window.
   */
  function duplicateOf(dupKey: string, windowS: number) {
    const t = now();
    return recent.find((r) => r.key === dupKey && t - r.at < windowS * 1000);
  }

  function handle(root: Obj, knob: (typeof knobs)[number] | undefined): FakeAnswer {
    const refId = root.refId === undefined ? undefined : str(root.refId);
    const tr = isObj(root.transactionRequest) ? root.transactionRequest : {};
    const type = str(tr.transactionType);
    const payment = isObj(tr.payment) ? tr.payment : {};
    const card = isObj(payment.creditCard) ? payment.creditCard : {};
    const cardNumber = str(card.cardNumber);
    const billTo = isObj(tr.billTo) ? tr.billTo : {};
    const order = isObj(tr.order) ? tr.order : {};
    const settings = isObj(tr.transactionSettings) ? tr.transactionSettings.setting : undefined;
    const settingList = (Array.isArray(settings) ? settings : settings ? [settings] : []).filter(
      isObj,
    );
    const windowSetting = settingList.find((s) => s.settingName === 'duplicateWindow');
    const windowPassed = windowSetting !== undefined;
    const windowS = windowPassed
      ? Number(str(windowSetting.settingValue))
      : DEFAULT_DUPLICATE_WINDOW_S;
    const amountCents = tr.amount === undefined ? null : centsOf(tr.amount);
    if (tr.amount !== undefined && amountCents === null) {
      // Fake's choice: reason 5 ("A valid amount is required").
      return txAnswer({ responseCode: '3', reason: ['5', 'A valid amount is required.'] }, refId);
    }

    if (type === 'authOnlyTransaction' || type === 'authCaptureTransaction') {
      if (!/^\d{13,16}$/.test(cardNumber)) {
        return txAnswer(
          { responseCode: '3', reason: ['6', 'The credit card number is invalid.'] },
          refId,
        );
      }
      if (amountCents === null) {
        return txAnswer({ responseCode: '3', reason: ['5', 'A valid amount is required.'] }, refId);
      }
      const zip = str(billTo.zip);
      const dupKey = JSON.stringify([
        type,
        cardNumber,
        str(card.expirationDate),
        amountCents,
        str(order.invoiceNumber),
        str(tr.poNumber),
        ...BILL_TO_COMPARED.map((k) => str(billTo[k])),
        windowS,
      ]);
      const dup = duplicateOf(dupKey, windowS);
      if (dup) {
        // With duplicateWindow passed, the vendor returns the original's id and codes.
        return txAnswer(
          {
            responseCode: '3',
            tx: windowPassed ? dup.tx : undefined,
            reason: ['11', 'A duplicate transaction has been submitted.'],
          },
          refId,
        );
      }
      const avs = ANET_AVS_BY_ZIP[zip] ?? (zip ? 'Y' : 'P'); // fake's choice for other zips
      const cvv = card.cardCode === undefined ? '' : (ANET_CVV_BY_CODE[str(card.cardCode)] ?? 'M');
      const declined =
        zip === ANET_DECLINE_ZIP
          ? (['2', 'This transaction has been declined.'] as [string, string])
          : filters.rejectAvsN && avs === 'N'
            ? (['27', 'The transaction has been declined because of an AVS mismatch.'] as [
                string,
                string,
              ])
            : filters.rejectCvvN && cvv === 'N'
              ? (['65', 'This transaction has been declined.'] as [string, string])
              : null;
      const held = knob?.knob === 'held';
      const partialOff =
        settingList.find((x) => x.settingName === 'allowPartialAuth')?.settingValue === 'false';
      const short =
        !declined && !held && partialAuth !== null && amountCents > partialAuth.availableCents;
      if (short && partialOff && partialAuth!.honoursRequest) {
        // Partial authorisation refused by the request: the issuer's short answer is a decline.
        const tx = newTx({
          type,
          state: 'declined',
          amountWire: str(tr.amount),
          amountCents,
          capturedCents: 0,
          refundedCents: 0,
          cardLast4: cardNumber.slice(-4),
          accountType: accountTypeOf(cardNumber),
          authCode: '',
          avs,
          cvv,
          invoiceNumber: order.invoiceNumber === undefined ? null : str(order.invoiceNumber),
          refTransId: null,
        });
        recent.push({ key: dupKey, at: now(), tx });
        return txAnswer(
          { responseCode: '2', tx, reason: ['2', 'This transaction has been declined.'] },
          refId,
        );
      }
      const approvedCents = short ? partialAuth!.availableCents : amountCents;
      const tx = newTx({
        type,
        state: declined
          ? 'declined'
          : held
            ? 'held'
            : type === 'authOnlyTransaction'
              ? 'authorized'
              : 'captured',
        amountWire: str(tr.amount),
        amountCents: approvedCents,
        capturedCents: !declined && !held && type === 'authCaptureTransaction' ? approvedCents : 0,
        refundedCents: 0,
        cardLast4: cardNumber.slice(-4),
        accountType: accountTypeOf(cardNumber),
        authCode: declined ? '' : newAuthCode(),
        avs,
        cvv,
        invoiceNumber: order.invoiceNumber === undefined ? null : str(order.invoiceNumber),
        refTransId: null,
      });
      recent.push({ key: dupKey, at: now(), tx });
      if (declined) return txAnswer({ responseCode: '2', tx, reason: declined }, refId);
      if (held) {
        return txAnswer(
          {
            responseCode: '4',
            tx,
            reason: [
              '253',
              'Thank you! For security reasons your order is currently being reviewed.',
            ],
          },
          refId,
        );
      }
      if (short) {
        return txAnswer(
          {
            responseCode: '1',
            tx,
            reason: ['295', 'The amount of this request was only partially approved (fake).'],
            partial: { requestedCents: amountCents, splitTenderId: String(nextTransId + 100_000) },
          },
          refId,
        );
      }
      return txAnswer({ responseCode: '1', tx, reason: APPROVED }, refId);
    }

    const ref = transactions.get(str(tr.refTransId));
    if (type === 'priorAuthCaptureTransaction') {
      if (!ref) return notFound(refId);
      if (ref.state !== 'authorized') return notAllowed('Not capturable', ref, refId);
      const cents = amountCents ?? ref.amountCents;
      if (cents > ref.amountCents) {
        // Fake's choice (UNVERIFIED at the vendor): never more than authorised.
        return txAnswer(
          {
            responseCode: '3',
            tx: ref,
            refTransId: ref.transId,
            reason: [
              '47',
              'The amount requested for settlement cannot be greater than the original amount authorized.',
            ],
          },
          refId,
        );
      }
      ref.state = 'captured';
      ref.capturedCents = cents;
      return txAnswer(
        { responseCode: '1', tx: ref, refTransId: ref.transId, reason: APPROVED },
        refId,
      );
    }
    if (type === 'voidTransaction') {
      if (!ref) return notFound(refId);
      if (ref.state === 'voided') {
        return notAllowed('Already voided', ref, refId);
      }
      if (!['authorized', 'captured', 'held', 'refund'].includes(ref.state)) {
        return notAllowed('Settled: cannot be voided', ref, refId);
      }
      ref.state = 'voided';
      return txAnswer(
        { responseCode: '1', tx: ref, refTransId: ref.transId, reason: APPROVED },
        refId,
      );
    }
    if (type === 'refundTransaction') {
      if (!ref) return notFound(refId);
      const criteria = (): FakeAnswer =>
        txAnswer(
          {
            responseCode: '3',
            tx: ref,
            refTransId: ref.transId,
            reason: [
              '54',
              'The referenced transaction does not meet the criteria for issuing a credit.',
            ],
          },
          refId,
        );
      if (ref.state !== 'settled') return criteria();
      // The card must be the original's: last four, XXXX+last four or the number (fake's choice).
      if (!new RegExp(`^(\\d*|XXXX)${ref.cardLast4}$`).test(cardNumber)) return criteria();
      const cents = amountCents ?? 0;
      if (cents <= 0 || ref.refundedCents + cents > ref.capturedCents) {
        // Fake's choice: reason 55 ("sum of credits … would exceed the original debit").
        return txAnswer(
          {
            responseCode: '3',
            tx: ref,
            refTransId: ref.transId,
            reason: [
              '55',
              'The sum of credits against the referenced transaction would exceed original debit amount.',
            ],
          },
          refId,
        );
      }
      const dupKey = JSON.stringify([
        type,
        cardNumber,
        str(card.expirationDate),
        cents,
        ref.transId,
        windowS,
      ]);
      const dup = duplicateOf(dupKey, windowS);
      if (dup) {
        return txAnswer(
          {
            responseCode: '3',
            tx: windowPassed ? dup.tx : undefined,
            reason: ['11', 'A duplicate transaction has been submitted.'],
          },
          refId,
        );
      }
      ref.refundedCents += cents;
      const tx = newTx({
        type,
        state: 'refund',
        amountWire: str(tr.amount),
        amountCents: cents,
        capturedCents: cents,
        refundedCents: 0,
        cardLast4: ref.cardLast4,
        accountType: ref.accountType,
        authCode: '',
        avs: 'P',
        cvv: '',
        invoiceNumber: null,
        refTransId: ref.transId,
      });
      recent.push({ key: dupKey, at: now(), tx });
      return txAnswer({ responseCode: '1', tx, reason: APPROVED }, refId);
    }
    // Fake's choice: a transaction type it does not model.
    return txAnswer(
      { responseCode: '3', reason: ['9999', `Unsupported type ${type} (fake)`] },
      refId,
    );
  }

  const server = await startFakeServer(async (req) => {
    if (req.method !== 'POST' || req.url.pathname !== '/xml/v1/request.api') {
      return { status: 404, text: 'Not Found' };
    }
    const knob = knobs.shift();
    let body: unknown;
    try {
      body = JSON.parse(req.body.replace(/^\uFEFF/, ''));
    } catch {
      // Fake's choice of code for a body that is not JSON.
      return apiError('E00003', 'Root element is missing.');
    }
    const rootName = isObj(body) ? Object.keys(body)[0] : undefined;
    if (!isObj(body) || rootName !== 'createTransactionRequest' || !isObj(body[rootName])) {
      return apiError('E00004', 'The name of the requested API method is invalid.');
    }
    const root = body.createTransactionRequest as Obj;
    const refId = root.refId === undefined ? undefined : str(root.refId);
    if (knob?.knob === 'schemaError') {
      const card = str(
        (((root.transactionRequest as Obj)?.payment as Obj)?.creditCard as Obj)?.cardNumber,
      );
      return apiError(
        'E00003',
        `The '${NS}:cardNumber' element is invalid - The value '${card}' is invalid according to its datatype.`,
        refId,
      );
    }
    try {
      checkSchema('createTransactionRequest', root);
    } catch (err) {
      if (err instanceof SchemaError) return apiError('E00003', err.message, refId);
      throw err;
    }
    const auth = isObj(root.merchantAuthentication) ? root.merchantAuthentication : {};
    if (auth.name !== login || auth.transactionKey !== key) {
      return apiError(
        'E00007',
        'User authentication failed due to invalid authentication values.',
        refId,
      );
    }
    if (knob?.knob === 'internalError') {
      return apiError('E00001', 'An error occurred during processing. Please try again.', refId);
    }
    const processed = knob ? knob.processed : true;
    if (knob?.knob === 'duplicate') handle(root, undefined);
    const result = processed ? handle(root, knob) : answer({});
    switch (knob?.knob) {
      case 'http500':
        return { status: 500, text: 'Internal Server Error' };
      case 'truncated':
        return { ...result, cutOff: true };
      case 'garbage':
        return { status: 200, contentType: 'text/html', raw: '<html><body>502 Bad Gateway' };
      case 'hang':
        return { ...result, delayMs: knob.hangMs };
      default:
        return result;
    }
  });

  return Object.assign(server, {
    transactions,
    failNext(knob: FakeAnetKnob, o: { processed?: boolean; hangMs?: number } = {}) {
      knobs.push({ knob, processed: o.processed ?? true, hangMs: o.hangMs ?? 5000 });
    },
    settle(transId?: string) {
      for (const t of transactions.values()) {
        if (transId !== undefined && t.transId !== transId) continue;
        if (t.state === 'captured' || t.state === 'refund') t.state = 'settled';
      }
    },
    advanceClock(seconds: number) {
      clockOffsetMs += seconds * 1000;
    },
    setFilters(f: { rejectAvsN?: boolean; rejectCvvN?: boolean }) {
      Object.assign(filters, f);
    },
    setPartialAuth(p: { availableCents: number; honoursRequest?: boolean } | null) {
      partialAuth = p
        ? { availableCents: p.availableCents, honoursRequest: p.honoursRequest ?? true }
        : null;
    },
    bodies: () => server.requests.map((r) => JSON.parse(r.body.replace(/^\uFEFF/, '')) as unknown),
  });
}
