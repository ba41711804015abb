// The sandbox's documented test cards: valid numbers, each driving its outcome, and listed in
// docs/decisions/payments-sandbox.md so the demo and the tests use the same table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../../../domain/validation/fields.js';
import { projectRoot } from '../../lib/paths.js';
import {
  SANDBOX_AVS_FAIL_ZIP,
  SANDBOX_CVV_FAIL_CODE,
  SANDBOX_DECLINE_AT_CENTS,
  SANDBOX_TEST_CARDS,
  outcomeFor,
} from './sandbox.js';
import { cardBrandOf, maskCardNumber } from './types.js';

const doc = readFileSync(join(projectRoot, 'docs/decisions/payments-sandbox.md'), 'utf8');
const plain = { cvv: '123', billingZip: '10001' };

describe('sandbox test cards', () => {
  it.each(SANDBOX_TEST_CARDS.map((c) => [c.number, c.outcome] as const))(
    '%s is a Luhn-valid number that drives "%s" and is documented',
    (number, outcome) => {
      expect(passesLuhn(number)).toBe(true);
      expect(outcomeFor({ number, ...plain }, 1000)).toBe(outcome);
      expect(doc).toContain(number);
    },
  );

  it('any other valid card approves; ZIP, CVV and amount triggers work with any card', () => {
    expect(outcomeFor({ number: '4242424242424242', ...plain }, 1000)).toBe('approve');
    const card = { number: '4242424242424242', ...plain };
    expect(outcomeFor({ ...card, billingZip: SANDBOX_AVS_FAIL_ZIP }, 1000)).toBe('avs_mismatch');
    expect(outcomeFor({ ...card, cvv: SANDBOX_CVV_FAIL_CODE }, 1000)).toBe('cvv_mismatch');
    expect(outcomeFor(card, SANDBOX_DECLINE_AT_CENTS)).toBe('decline');
    expect(outcomeFor(card, SANDBOX_DECLINE_AT_CENTS - 1)).toBe('approve');
    for (const trigger of [SANDBOX_AVS_FAIL_ZIP, SANDBOX_CVV_FAIL_CODE, '$5,000.00']) {
      expect(doc).toContain(trigger);
    }
  });

  it('masks to the last four and names the brand by its leading digits', () => {
    expect(maskCardNumber('1111')).toBe('************1111');
    expect(maskCardNumber('8431', 15)).toBe('***********8431');
    expect(
      ['371449635398431', '4111111111111111', '5454545454545454', '6011000995500000'].map(
        cardBrandOf,
      ),
    ).toEqual(['AMEX', 'VISA', 'MC', 'DISCOVER']);
  });
});
