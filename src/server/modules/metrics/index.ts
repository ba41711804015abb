// The metrics module's public file (docs/decisions/module-boundaries.md): the app's metrics, the
// request timing hook, the instrumented gateways and the /metrics route.
export { instrumentPayments } from './instrumented-gateways.js';
export { type Metrics, metricsOf, registerRequestMetrics } from './metrics.js';
export { metricsRoutes } from './metrics.routes.js';
