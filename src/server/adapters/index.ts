// The outside services the app talks to, built once from configuration. Tests pass their own
// (for example adapters pointed at local fake servers) through buildApp's `adapters` option.
import type { Config } from '../config.js';
import { type CaptchaAdapter, createCaptchaAdapter } from './captcha/index.js';
import { type EmailAdapter, createEmailAdapter } from './email/index.js';
import { type GeoAdapter, createGeoAdapter } from './geo/index.js';
import { type PaymentAdapters, createPaymentAdapters } from './payments/index.js';
import { type SmsAdapter, createSmsAdapter } from './sms/index.js';

export interface Adapters {
  payments: PaymentAdapters;
  sms: SmsAdapter;
  email: EmailAdapter;
  captcha: CaptchaAdapter;
  geo: GeoAdapter;
}

export function createAdapters(config: Config, overrides: Partial<Adapters> = {}): Adapters {
  return {
    payments: overrides.payments ?? createPaymentAdapters(config),
    sms: overrides.sms ?? createSmsAdapter(config),
    email: overrides.email ?? createEmailAdapter(config),
    captcha: overrides.captcha ?? createCaptchaAdapter(config),
    geo: overrides.geo ?? createGeoAdapter(config),
  };
}
