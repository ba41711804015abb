// Payment gateways (issue 4 fills this in). createPaymentAdapters picks, per merchant provider,
// the adapter that speaks that vendor's protocol; the sandbox is the offline default.
import type { Config } from '../../config.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PaymentAdapters {}

export function createPaymentAdapters(_config: Config): PaymentAdapters {
  return {};
}
