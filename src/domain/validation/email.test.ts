// The one e-mail rule (issue 24, docs/decisions/domain-rules.md "E-mail addresses"): an RFC 5322
// dot-atom local part @ a DNS host name. Checklist V5.27 (sign-up), V5.100 (customer info), V5.21.
import { describe, expect, it } from 'vitest';
import { EMAIL_ADDRESS_MAX, isEmailAddress } from './email.js';

describe('an e-mail address is a dot-atom @ a host name', () => {
  it.each([
    'diner@example.com',
    'a.b+c@mail.example.org',
    "o'brien@example.com",
    'a=b@example.com',
    'a!b@example.com',
    '=1+1@example.com',
    "!#$%&'*+-/=?^_`{|}~@example.com", // every atext special
    'x@sub-domain.example.co',
    'x@example.xn--p1ai', // an IDN top-level domain, as sent (punycode)
  ])('accepts %j', (input) => {
    expect(isEmailAddress(input)).toBe(true);
  });

  it.each([
    ['a@b', 'one label'],
    ['ab.com', 'no @'],
    ['a b@c.com', 'a space'],
    ['a@b.', 'empty label'],
    ['"quoted"@example.com', 'a quoted local part (nodemailer rewrites it)'],
    ['"a b"@example.com', 'a quoted local part with a space'],
    ['.a@example.com', 'a leading dot'],
    ['a.@example.com', 'a trailing dot'],
    ['a..b@example.com', 'a double dot'],
    ['a@b@example.com', 'two @'],
    ['@example.com', 'no local part'],
    ['a@-example.com', 'a label starting with a hyphen'],
    ['a@example-.com', 'a label ending with a hyphen'],
    ['a@example.c0m', 'a numeric top-level label'],
    ['a@[127.0.0.1]', 'an IP literal'],
    ['josé@example.com', 'non-ASCII (needs SMTPUTF8)'],
    ['a@bücher.de', 'a non-ASCII domain (not in punycode)'],
    [' a@example.com', 'untrimmed (callers trim what was typed)'],
    ['a(comment)@example.com', 'a comment'],
    ['a<b>@example.com', 'angle brackets'],
    ['a,b@example.com', 'a comma (two addresses to a mailer)'],
    ['a\n@example.com', 'a line break'],
    [`${'a'.repeat(65)}@example.com`, 'a local part over 64'],
  ])('refuses %j (%s)', (input) => {
    expect(isEmailAddress(input)).toBe(false);
  });

  it('takes at most 254 characters', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`;
    const fits = `${'a'.repeat(EMAIL_ADDRESS_MAX - domain.length - 1)}@${domain}`;
    expect(fits).toHaveLength(EMAIL_ADDRESS_MAX);
    expect(isEmailAddress(fits)).toBe(true);
    expect(isEmailAddress(`a${fits}`)).toBe(false);
  });
});
