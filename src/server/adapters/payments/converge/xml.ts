// The Converge XML API's wire format (docs/protocols/converge.md): a request is one `<txn>` of
// ssl_* elements, sent as the form field `xmldata`; an answer is a `<txn>` of ssl_* elements, a
// request error `<txn><errorCode>…</errorCode><errorName>…<errorMessage>…</txn>` [S-EV9][S-EV10],
// or — for the transaction query — a `<txnlist><ssl_txn_count>…<txn>…</txn>…</txnlist>`
// (UNVERIFIED: seen in third-party code only, see docs/decisions/gateway-converge.md). Amounts on
// the wire are dollars with two decimals [S-EV7].
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Every value goes in as element text, escaped: no caller text can open or close an element. */
export function escapeXml(value: string): string {
  return (
    value
      // Characters XML 1.0 cannot carry at all (controls other than tab, LF, CR) are dropped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const ELEMENT_NAME = /^ssl_[a-z0-9_]+$/;

/** `<txn><name>value</name>…</txn>`, in the order given. Names are ours, never user text. */
export function buildTxnXml(fields: readonly (readonly [string, string])[]): string {
  let xml = '<txn>';
  for (const [name, value] of fields) {
    if (!ELEMENT_NAME.test(name)) throw new Error(`Not a Converge field name: ${name}`);
    xml += `<${name}>${escapeXml(value)}</${name}>`;
  }
  return `${xml}</txn>`;
}

/** The HTTP body of an XML API call: `xmldata=<txn>…</txn>`, form-encoded. */
export function xmlApiBody(xml: string): string {
  return new URLSearchParams({ xmldata: xml }).toString();
}

export type SslFields = Record<string, string>;

export type ConvergeAnswer =
  | { kind: 'error'; errorCode: string; errorName: string; errorMessage: string }
  | { kind: 'txn'; fields: SslFields }
  | { kind: 'txnlist'; count: number | null; txns: SslFields[] };

const parser = new XMLParser({
  ignoreAttributes: true,
  // Values stay text: "0921" is an expiry, "0" a result code, "100.00" dollars.
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, jpath) => jpath === 'txnlist.txn',
});

/** A flat element of text children only; anything nested or repeated is not a Converge record. */
function flat(node: unknown): SslFields | null {
  if (node === '') return {};
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
  const out: SslFields = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (typeof value !== 'string' || key === '#text') return null;
    out[key] = value;
  }
  return out;
}

/**
 * Reads an XML API answer; null when it is not one (cut off, HTML, garbage, a document type
 * declaration, a repeated element) — the caller treats that as an unknown outcome.
 */
export function parseConvergeXml(raw: string): ConvergeAnswer | null {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (!text.trim() || /<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  if (XMLValidator.validate(text) !== true) return null;
  let doc: unknown;
  try {
    doc = parser.parse(text);
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null) return null;
  const roots = Object.keys(doc);
  if (roots.length !== 1) return null;
  const root = (doc as Record<string, unknown>)[roots[0]!];
  if (roots[0] === 'txn') {
    const fields = flat(root);
    if (!fields) return null;
    if (fields.errorCode !== undefined) {
      return {
        kind: 'error',
        errorCode: fields.errorCode,
        errorName: fields.errorName ?? '',
        errorMessage: fields.errorMessage ?? '',
      };
    }
    return { kind: 'txn', fields };
  }
  if (roots[0] === 'txnlist') {
    if (root === '') return { kind: 'txnlist', count: 0, txns: [] };
    if (typeof root !== 'object' || root === null) return null;
    const { txn, ...rest } = root as Record<string, unknown>;
    const head = flat(rest);
    if (!head) return null;
    const txns: SslFields[] = [];
    for (const node of (txn as unknown[] | undefined) ?? []) {
      const fields = flat(node);
      if (!fields) return null;
      txns.push(fields);
    }
    const count = head.ssl_txn_count !== undefined ? Number(head.ssl_txn_count) : null;
    return { kind: 'txnlist', count: Number.isInteger(count) ? count : null, txns };
  }
  return null;
}
