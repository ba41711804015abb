// The createTransactionRequest bodies, built so that every element is in the XML schema's order.
// Authorize.Net translates JSON to XML on its side and validates it against AnetApiSchema.xsd,
// whose types are <xs:sequence>s: a key out of order is refused with E00003 "invalid child
// element" (docs/protocols/authorizenet.md [S-AN3][S-AN4]). So nothing here relies on how an object
// literal was written: `element()` walks the schema's own list of children and copies what is
// present. Orders: AuthorizeNet/sdk-node lib/apicontracts.js [S-AN5], checked against the vendor's
// AnetApiSchema.xsd (AuthorizeNet/sdk-php), which also gives the length limits used below.
import { createHash } from 'node:crypto';
import type { AuthorizeRequest } from '../types.js';

/** Each element we send, with its children in schema order (the complete list for each). */
export const SCHEMA_ORDER = {
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
  /** A choice in the schema; we only ever send creditCard. */
  payment: ['creditCard'],
  creditCard: ['cardNumber', 'expirationDate', 'cardCode'],
  order: ['invoiceNumber', 'description'],
  /** customerAddressType: nameAndAddressType plus phone, fax, email. */
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
} as const;

export type SchemaElement = keyof typeof SCHEMA_ORDER;
type ChildrenOf<E extends SchemaElement> = { [K in (typeof SCHEMA_ORDER)[E][number]]?: unknown };
export type WireObject = Record<string, unknown>;

/**
 * An element with its children in schema order, whatever order `children` lists them in;
 * undefined children are left out, and a child the schema does not have is a bug (thrown).
 */
export function element<E extends SchemaElement>(name: E, children: ChildrenOf<E>): WireObject {
  const order: readonly string[] = SCHEMA_ORDER[name];
  const given = children as WireObject;
  for (const key of Object.keys(given)) {
    if (!order.includes(key)) throw new Error(`Authorize.Net: '${key}' is not a child of ${name}`);
  }
  const out: WireObject = {};
  for (const key of order) if (given[key] !== undefined) out[key] = given[key];
  return out;
}

/**
 * Length limits of AnetApiSchema.xsd for the fields we fill: this vendor's field-limit table
 * (docs/decisions/gateway-authorizenet.md "Field limits"). Free text is clipped to them; a card
 * number the schema cannot hold is refused before the call (cardNumberRefusal).
 */
export const LIMITS = {
  /** creditCardSimpleType/cardNumber: xs:string, minLength 4, maxLength 16. */
  cardNumber: 16,
  refId: 20,
  invoiceNumber: 20,
  description: 255,
  firstName: 50,
  lastName: 50,
  address: 60,
  zip: 20,
} as const;

/**
 * The transactionSettings duplicateWindow we send with every charge, in seconds: the vendor's
 * maximum, 8 hours (docs/protocols/authorizenet.md [S-AN9][S-AN4]). Authorize.Net counts a charge
 * as a duplicate only when card, expiry, type, amount, invoice number and billing fields all match
 * (vendor guide, "Response for Duplicate Transactions"), and our invoice number is the order's own:
 * so inside the window only a second send of the same order's charge is refused (reason 11), never
 * a diner's new order. The core never re-sends a money call by itself; if anything ever does (a
 * bug, a replay, a manual retry after a lost answer), the longest window is the safest.
 * docs/decisions/gateway-authorizenet.md.
 */
export const DUPLICATE_WINDOW_SECONDS = 28_800;

/**
 * What a diner is told when their card has more digits than the schema's cardNumber holds (16):
 * checkout takes 13–19 digits (the spec's rule), Authorize.Net would answer E00003 and fail the
 * order as our bug. Refused before the call, nothing sent.
 */
export const CARD_TOO_LONG = 'This store cannot take this card; please use another card';

/** Null when Authorize.Net can take this card number, else the diner's text. */
export function cardNumberRefusal(number: string): string | null {
  return number.length > LIMITS.cardNumber ? CARD_TOO_LONG : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our order id as Authorize.Net can hold it in refId and order.invoiceNumber (both at most 20
 * characters in the schema; a uuid is 36). A uuid becomes its last three groups without dashes,
 * 20 lowercase hex digits (74 random bits of a v4 uuid: no collision in practice, and plain hex
 * is safe in XML, for processors and in the portal's search box). A lossless 20-character form
 * of 128 bits would need an 85-symbol alphabet with & < > and quotes; the full uuid goes in
 * order.description instead. Anything else: as is when short and plain, else a digest.
 */
export function vendorRef(orderRef: string): string {
  if (UUID.test(orderRef)) return orderRef.replaceAll('-', '').toLowerCase().slice(-20);
  if (/^[A-Za-z0-9_-]{1,20}$/.test(orderRef)) return orderRef;
  return createHash('sha256').update(orderRef).digest('hex').slice(0, LIMITS.refId);
}

/** Integer cents → dollars with two decimals, as a string ("12.34") [S-AN8][S-AN9]. */
export function dollars(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError('Authorize.Net: an amount must be a whole, non-negative number of cents');
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const clip = (value: string | undefined, max: number): string | undefined => {
  const v = value?.trim().replace(/\s+/g, ' ');
  return v ? v.slice(0, max) : undefined;
};

/** "Ada King Lovelace" → first "Ada King", last "Lovelace"; one word is a first name. */
export function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return {};
  if (words.length === 1) return { firstName: clip(words[0], LIMITS.firstName) };
  return {
    firstName: clip(words.slice(0, -1).join(' '), LIMITS.firstName),
    lastName: clip(words.at(-1), LIMITS.lastName),
  };
}

export interface ApiLogin {
  apiLoginId: string;
  transactionKey: string;
}

function envelope(login: ApiLogin, refId: string | undefined, transactionRequest: WireObject) {
  return {
    createTransactionRequest: element('createTransactionRequest', {
      merchantAuthentication: element('merchantAuthentication', {
        name: login.apiLoginId,
        transactionKey: login.transactionKey,
      }),
      refId,
      transactionRequest,
    }),
  };
}

export type ChargeType = 'authOnlyTransaction' | 'authCaptureTransaction';

/** authOnlyTransaction (authorize) or authCaptureTransaction (sale) with the card. */
export function chargeRequest(login: ApiLogin, type: ChargeType, req: AuthorizeRequest) {
  const { card } = req;
  const ref = vendorRef(req.orderRef);
  const cvv = card.cvv.trim();
  return envelope(
    login,
    ref,
    element('transactionRequest', {
      transactionType: type,
      amount: dollars(req.amountCents),
      payment: element('payment', {
        creditCard: element('creditCard', {
          cardNumber: card.number,
          // MMYY, as our CardInput holds it; the official sample sends "0822" [S-AN9].
          expirationDate: card.expiry,
          cardCode: cvv === '' ? undefined : cvv,
        }),
      }),
      order: element('order', {
        invoiceNumber: ref,
        description: `Forkful order ${req.orderRef}`.slice(0, LIMITS.description),
      }),
      billTo: element('billTo', {
        ...splitName(card.name),
        address: clip(card.billingStreet, LIMITS.address),
        zip: clip(card.billingZip, LIMITS.zip),
      }),
      transactionSettings: element('transactionSettings', {
        setting: [
          element('setting', {
            settingName: 'duplicateWindow',
            settingValue: String(DUPLICATE_WINDOW_SECONDS),
          }),
          // A merchant may switch partial authorisation on for the whole account; then an
          // issuer's partial approval comes back as responseCode 1 for less than asked. Off per
          // request, so a short card is a decline (the answer's approved amount is checked too).
          element('setting', { settingName: 'allowPartialAuth', settingValue: 'false' }),
        ],
      }),
    }),
  );
}

/** priorAuthCaptureTransaction: capture an authorisation with its final amount [S-AN10]. */
export function captureRequest(login: ApiLogin, req: { retref: string; amountCents: number }) {
  return envelope(
    login,
    undefined,
    element('transactionRequest', {
      transactionType: 'priorAuthCaptureTransaction',
      amount: dollars(req.amountCents),
      refTransId: req.retref,
    }),
  );
}

/** voidTransaction: release an unsettled transaction [S-AN8]. */
export function voidRequest(login: ApiLogin, req: { retref: string; orderRef: string }) {
  return envelope(
    login,
    vendorRef(req.orderRef),
    element('transactionRequest', { transactionType: 'voidTransaction', refTransId: req.retref }),
  );
}

/**
 * refundTransaction against a settled transaction [S-AN11]: the card is named "XXXX" + its last
 * four digits and the expiry "XXXX" — the masked form AnetApiSchema.xsd's comment on
 * creditCardSimpleType documents for a refund (the reading of the schema; the bare last
 * four we sent before is third-party practice [S-AN12]). docs/decisions/gateway-authorizenet.md.
 */
export function refundRequest(
  login: ApiLogin,
  req: { retref: string; amountCents: number; cardLast4: string },
) {
  return envelope(
    login,
    undefined,
    element('transactionRequest', {
      transactionType: 'refundTransaction',
      amount: dollars(req.amountCents),
      payment: element('payment', {
        creditCard: element('creditCard', {
          cardNumber: `XXXX${req.cardLast4}`,
          expirationDate: 'XXXX',
        }),
      }),
      refTransId: req.retref,
    }),
  );
}
