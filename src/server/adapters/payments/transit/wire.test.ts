// The TransIT wire helpers: amounts, expiry formats, the Latin-1 answer, the endpoint, parsing
// and the decline reasons (docs/protocols/transit.md).
import { describe, expect, it } from 'vitest';
import {
  TRANSIT_DEFAULT_TIMEOUT_MS,
  declineReasonOf,
  decodeAnswer,
  expiryFromAnswer,
  formatExpiry,
  fromMinorUnits,
  parseTransitAnswer,
  refusesCredentials,
  scrubMessage,
  toMinorUnits,
  transitEndpoint,
} from './wire.js';

describe('TransIT wire helpers', () => {
  it('amounts are whole cents as digit strings', () => {
    expect(toMinorUnits(1234)).toBe('1234');
    expect(toMinorUnits(0)).toBe('0');
    expect(() => toMinorUnits(12.5)).toThrow(RangeError);
    expect(() => toMinorUnits(-1)).toThrow(RangeError);
    expect(fromMinorUnits('10000')).toBe(10000);
    expect(fromMinorUnits('100.00')).toBeUndefined();
    expect(fromMinorUnits(undefined)).toBeUndefined();
  });

  it('expiry: MMYY in, each wire format out; answers (MMYYYY) back to MMYY', () => {
    expect(formatExpiry('1229', 'MMYY')).toBe('1229');
    expect(formatExpiry('1229', 'YYMM')).toBe('2912');
    expect(formatExpiry('0130', 'MMYYYY')).toBe('012030');
    expect(formatExpiry('0130', 'MM/YY')).toBe('01/30');
    expect(() => formatExpiry('12/29', 'MMYY')).toThrow(RangeError);
    expect(expiryFromAnswer('122020')).toBe('1220');
    expect(expiryFromAnswer('1220')).toBe('1220');
    expect(expiryFromAnswer('12/20')).toBe('1220');
    expect(expiryFromAnswer('2012')).toBe('');
    expect(expiryFromAnswer(undefined)).toBe('');
  });

  it('decodes an ISO-8859-1 body as Latin-1 when the raw bytes are at hand', () => {
    const json = '{"SaleResponse":{"status":"PASS","responseMessage":"Já aprovado"}}';
    const bytes = new Uint8Array(Buffer.from(json, 'latin1'));
    const contentType = 'application/json;charset=ISO-8859-1';
    const utf8View = new TextDecoder().decode(bytes);
    expect(decodeAnswer({ status: 200, contentType, text: utf8View, bytes })).toBe(json);
    // Without the bytes (gatewayExchange today) the text is used as decoded.
    expect(decodeAnswer({ status: 200, contentType, text: utf8View })).toBe(utf8View);
    // A UTF-8 answer ignores the bytes; a BOM is stripped.
    expect(
      decodeAnswer({ status: 200, contentType: 'application/json', text: '\uFEFF{}', bytes }),
    ).toBe('{}');
  });

  it('picks the host by environment; a base URL overrides it', () => {
    expect(transitEndpoint('stage')).toBe(
      'https://stagegw.transnox.com/servlets/TransNox_API_Server/',
    );
    expect(transitEndpoint('production')).toBe(
      'https://gateway.transit-pass.com/servlets/TransNox_API_Server/',
    );
    expect(transitEndpoint('production', 'http://127.0.0.1:9/')).toBe(
      'http://127.0.0.1:9/servlets/TransNox_API_Server/',
    );
    expect(TRANSIT_DEFAULT_TIMEOUT_MS).toBe(40_000);
  });

  it('parses only the expected root with a PASS/FAIL status', () => {
    const ok = '{"VoidResponse":{"status":"PASS","responseCode":"A0000","transactionID":"7"}}';
    expect(parseTransitAnswer('Void', ok)).toEqual({
      status: 'PASS',
      responseCode: 'A0000',
      responseMessage: '',
      fields: { transactionID: '7' },
    });
    expect(parseTransitAnswer('Sale', ok)).toBeNull();
    expect(parseTransitAnswer('Void', '{"VoidResponse":{"status":"MAYBE"}}')).toBeNull();
    expect(parseTransitAnswer('Void', '<html>')).toBeNull();
  });

  it('sorts decline messages into reasons', () => {
    expect(declineReasonOf('The value of element cvv2 is not valid.')).toBe('invalid');
    expect(declineReasonOf("The value of element 'expirationDate' is not valid., ")).toBe(
      'invalid',
    );
    expect(declineReasonOf('Insufficient Funds')).toBe('insufficient_funds');
    expect(declineReasonOf('Declined', '51')).toBe('insufficient_funds');
    expect(declineReasonOf('CVV2 Mismatch')).toBe('cvv');
    expect(declineReasonOf('Declined', 'N7')).toBe('cvv');
    expect(declineReasonOf('AVS Mismatch')).toBe('avs');
    expect(declineReasonOf('Return Not Allowed.')).toBe('not_allowed');
    expect(declineReasonOf('Record(s) Not Found.')).toBe('invalid');
    expect(declineReasonOf('Do Not Honor')).toBe('declined');
  });

  it('recognises refused credentials by message or configured code', () => {
    const a = (responseCode: string, responseMessage: string) => ({
      status: 'FAIL' as const,
      responseCode,
      responseMessage,
      fields: {},
    });
    expect(refusesCredentials(a('F1', 'Invalid Transaction Key'), [])).toBe(true);
    expect(refusesCredentials(a('F1', 'The value of element deviceID is not valid.'), [])).toBe(
      true,
    );
    expect(refusesCredentials(a('F1', 'Do Not Honor'), [])).toBe(false);
    expect(refusesCredentials(a('F9', 'Error Message'), ['F9'])).toBe(true);
  });

  it('scrubs card-number-like digits and named secrets from messages', () => {
    expect(scrubMessage('bad 4111111111111111 here')).toBe('bad [redacted] here');
    expect(scrubMessage('user bob pw hunter22', ['hunter22'])).toBe('user bob pw [redacted]');
  });
});
