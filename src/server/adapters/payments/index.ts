// Payment gateways. createPaymentAdapters picks, per merchant provider, the adapter that speaks
// that vendor's protocol; the sandbox is the offline default. The real adapters (CardPointe,
// TransIT for tsys and tsys2, Authorize.Net, Converge) come in a later wave and plug in here.
import type { Config } from '../../config.js';
import { type SandboxOptions, createSandboxGateway } from './sandbox.js';
import type { PaymentGateway, ProviderName } from './types.js';

export * from './types.js';
export {
  SANDBOX_AVS_FAIL_ZIP,
  SANDBOX_CVV_FAIL_CODE,
  SANDBOX_DECLINE_AT_CENTS,
  SANDBOX_TEST_CARDS,
  createSandboxGateway,
  type SandboxOptions,
} from './sandbox.js';

export interface PaymentAdapters {
  /** The gateway for a merchant's provider; undefined when that provider is not configured. */
  gatewayFor(provider: ProviderName): PaymentGateway | undefined;
}

export interface PaymentAdapterOptions {
  sandbox?: SandboxOptions;
  /** Gateways for other providers (the later wave's real adapters; tests' stand-ins). */
  gateways?: Partial<Record<ProviderName, PaymentGateway>>;
}

export function createPaymentAdapters(
  config: Config,
  options: PaymentAdapterOptions = {},
): PaymentAdapters {
  // The crash drill of the recovery test; config.ts reads the switch (never set in production).
  const crashAfterApproval = config.sandboxCrashAfterApproval;
  const gateways: Partial<Record<ProviderName, PaymentGateway>> = {
    sandbox: createSandboxGateway({ crashAfterApproval, ...options.sandbox }),
    ...options.gateways,
  };
  return { gatewayFor: (provider) => gateways[provider] };
}
