// Payment gateways. createPaymentAdapters builds, per merchant provider, the adapter that speaks
// that vendor's protocol (docs/decisions/payment-gateways.md): the sandbox (the offline default
// of `npm start` and the demo store), CardPointe, TransIT for tsys and tsys2, Authorize.Net, and
// Converge — the last only when CONVERGE_EXPERIMENTAL is on. Each merchant's own credentials pick
// the vendor's test or live host; the config's base URLs replace it (the local fakes in tests).
import type { Config } from '../../config.js';
import { createAuthorizeNetGateway } from './authorizenet/authorizenet.js';
import { createCardPointeGateway } from './cardpointe/cardpointe.js';
import { createConvergeGateway } from './converge/index.js';
import { type SandboxOptions, createSandboxGateway } from './sandbox.js';
import { createTransitGateway } from './transit/index.js';
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
  /** The gateway for a merchant's provider; undefined when that provider is not offered. */
  gatewayFor(provider: ProviderName): PaymentGateway | undefined;
}

export interface PaymentAdapterOptions {
  sandbox?: SandboxOptions;
  /** Stand-ins replacing the real adapters (tests). */
  gateways?: Partial<Record<ProviderName, PaymentGateway>>;
}

/** The real adapters, built from the configuration. */
export function vendorGateways(config: Config): Partial<Record<ProviderName, PaymentGateway>> {
  const g = config.gateways;
  const timeoutMs = g.timeoutMs;
  const at = (baseUrl: string | undefined) => (baseUrl ? { baseUrl, timeoutMs } : { timeoutMs });
  return {
    cardPointe: createCardPointeGateway(at(g.cardPointeBaseUrl)),
    tsys: createTransitGateway({ provider: 'tsys', ...at(g.transitBaseUrl) }),
    tsys2: createTransitGateway({ provider: 'tsys2', ...at(g.transitBaseUrl) }),
    authorizeNet: createAuthorizeNetGateway(at(g.authorizeNetBaseUrl)),
    ...(g.convergeExperimental ? { elavon: createConvergeGateway(at(g.convergeBaseUrl)) } : {}),
  };
}

export function createPaymentAdapters(
  config: Config,
  options: PaymentAdapterOptions = {},
): PaymentAdapters {
  // The crash drill of the recovery test; config.ts reads the switch (never set in production).
  const crashAfterApproval = config.sandboxCrashAfterApproval;
  const gateways: Partial<Record<ProviderName, PaymentGateway>> = {
    sandbox: createSandboxGateway({ crashAfterApproval, ...options.sandbox }),
    ...vendorGateways(config),
    ...options.gateways,
  };
  return { gatewayFor: (provider) => gateways[provider] };
}
