// Payment gateways wrapped for the metrics and the logs (issue 31): every call is counted by
// provider, operation and outcome and timed, and logs one line — which, written while a request
// is served, names its request id (lib/request-context.ts). Nothing of the card is logged.
import type { Logger } from 'pino';
import {
  GatewayError,
  type PaymentAdapters,
  type PaymentGateway,
} from '../../adapters/payments/index.js';
import type { Metrics } from './metrics.js';

const OPERATIONS = [
  'authorize',
  'sale',
  'capture',
  'void',
  'tipAdjust',
  'refund',
  'inquireByOrder',
  'voidByOrder',
] as const;

function outcomeOf(err: unknown): string {
  return err instanceof GatewayError ? err.kind : 'error';
}

export function instrumentPayments(
  payments: PaymentAdapters,
  metrics: Metrics,
  log: Logger,
): PaymentAdapters {
  const wrapped = new Map<PaymentGateway, PaymentGateway>();
  const wrap = (gateway: PaymentGateway): PaymentGateway => {
    // The gateway's own fields and prototype, with its calls replaced below.
    const copy = Object.assign(
      Object.create(Object.getPrototypeOf(gateway) as object) as PaymentGateway,
      gateway,
    );
    for (const operation of OPERATIONS) {
      const call = gateway[operation] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      if (typeof call !== 'function') continue;
      const labels = { provider: gateway.provider, operation };
      Object.defineProperty(copy, operation, {
        enumerable: true,
        value: async (...args: unknown[]) => {
          const stop = metrics.gatewaySeconds.startTimer(labels);
          const started = Date.now();
          try {
            const result = await call.apply(gateway, args);
            metrics.gatewayCalls.inc({ ...labels, outcome: 'approved' });
            log.info({ ...labels, outcome: 'approved', ms: Date.now() - started }, 'gateway call');
            return result;
          } catch (err) {
            const outcome = outcomeOf(err);
            metrics.gatewayCalls.inc({ ...labels, outcome });
            log.info({ ...labels, outcome, ms: Date.now() - started }, 'gateway call');
            throw err;
          } finally {
            stop();
          }
        },
      });
    }
    return copy;
  };
  return {
    ...payments,
    gatewayFor(provider) {
      const gateway = payments.gatewayFor(provider);
      if (!gateway) return undefined;
      let w = wrapped.get(gateway);
      if (!w) {
        w = wrap(gateway);
        wrapped.set(gateway, w);
      }
      return w;
    },
  };
}
