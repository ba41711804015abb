import { describe, expect, it } from 'vitest';
import { formatCents } from './format.js';

describe('formatCents', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(1295)).toBe('$12.95');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100)).toBe('$1.00');
  });

  it('keeps the sign in front of the dollar mark', () => {
    expect(formatCents(-250)).toBe('-$2.50');
    expect(formatCents(123456)).toBe('$1234.56');
  });

  it('never shows floating-point noise', () => {
    expect(formatCents(1001)).toBe('$10.01');
    expect(formatCents(29)).toBe('$0.29');
  });
});
