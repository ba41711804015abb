// The instance's Prometheus metrics (issue 31), one registry per app (two apps in one test process
// share nothing). Labels are bounded: a route's pattern, never its URL, and never a merchant — a
// hundred stores must not make a hundred series per metric. What the database knows (the outbox)
// is read when scraped; what happens in this process is counted as it happens.
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../../app-context.js';
import { outboxBacklog } from '../outbox/index.js';

export interface Metrics {
  registry: Registry;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  orders: Counter<'method' | 'outcome'>;
  gatewayCalls: Counter<'provider' | 'operation' | 'outcome'>;
  gatewaySeconds: Histogram<'provider' | 'operation'>;
  liveStreams: Gauge<'kind'>;
}

const byContext = new WeakMap<AppContext, Metrics>();

/** The app's metrics; made on first use (the app builds them before any route runs). */
export function metricsOf(ctx: AppContext): Metrics {
  let m = byContext.get(ctx);
  if (!m) {
    m = createMetrics(ctx);
    byContext.set(ctx, m);
  }
  return m;
}

function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  // Process, heap, GC and event-loop lag (nodejs_eventloop_lag_*), from prom-client itself.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const requestSeconds = new Histogram({
    name: 'forkful_http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const orders = new Counter({
    name: 'forkful_orders_total',
    help: 'Orders sent by diners, by order method and outcome (placed or failed)',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const gatewayCalls = new Counter({
    name: 'forkful_payment_gateway_calls_total',
    help: 'Payment gateway calls by provider, operation and outcome (approved, declined, unavailable, unknown_outcome, error)',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    registers,
  });
  const gatewaySeconds = new Histogram({
    name: 'forkful_payment_gateway_call_duration_seconds',
    help: 'Payment gateway call time by provider and operation',
    labelNames: ['provider', 'operation'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40],
    registers,
  });
  const liveStreams = new Gauge({
    name: 'forkful_live_stream_clients',
    help: 'Open live order streams on this instance (merchant dashboards, diner order pages)',
    labelNames: ['kind'] as const,
    registers,
  });
  liveStreams.set({ kind: 'merchant' }, 0);
  liveStreams.set({ kind: 'diner' }, 0);

  new Gauge({
    name: 'forkful_outbox_messages',
    help: 'Outbox messages waiting (pending, failed awaiting retry, sending) or given up (dead), by kind; the same on every instance',
    labelNames: ['kind', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const r of await outboxBacklog(ctx.db))
          this.set({ kind: r.kind, status: r.status }, r.count);
      } catch (err) {
        ctx.log.warn({ err }, 'metrics: outbox backlog unavailable');
      }
    },
  });
  const pool = ctx.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'forkful_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle, max) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });
  }
  return { registry, requestSeconds, orders, gatewayCalls, gatewaySeconds, liveStreams };
}

/** The send-order route, whose answers count as orders placed or failed. */
const SEND_ORDER = /\/sendOrder\/:uid$/;

/** Times every answered request by its route pattern; counts the orders sent. */
export function registerRequestMetrics(app: FastifyInstance, ctx: AppContext): void {
  const m = metricsOf(ctx);
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs (404s, probes) share one label: a scanner cannot add series.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    m.requestSeconds.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (request.method === 'POST' && SEND_ORDER.test(route)) {
      const orderMethod = (request.body as { checkout?: { orderMethod?: unknown } } | undefined)
        ?.checkout?.orderMethod;
      m.orders.inc({
        method:
          typeof orderMethod === 'string' && /^[a-zA-Z]{1,20}$/.test(orderMethod)
            ? orderMethod
            : 'unknown',
        outcome: reply.statusCode === 200 ? 'placed' : 'failed',
      });
    }
  });
}
