// Configuration read from the environment once at boot and checked with zod: a bad value stops
// the process with one message listing every bad key.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { allowList } from './adapters/printing/printer-address.js';
import {
  type OidcProviderSettings,
  OidcProvidersError,
  parseOidcProviders,
} from './lib/oidc-providers.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const secret = z.string().min(32, 'must be at least 32 characters');

/** An optional key where an empty value (`SMTP_URL=` in an env file) means "not set". */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  PUBLIC_URL: z.url().optional(),
  MARKETING_URL: z.url().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SESSION_SECRET: secret.optional(),
  CREDENTIALS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (a 256-bit key)')
    .optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** Unset: on outside production, off in production (see production-safety.md). */
  SEED_DEMO: unsetIfEmpty(z.enum(['true', 'false'])),
  API_DOCS: unsetIfEmpty(z.enum(['true', 'false'])),
  /** Scales every route's rate limit (load tests, trusted networks); 1 keeps the defaults. */
  OIDC_PROVIDERS: z.string().optional(),
  /**
   * The proxies whose X-Forwarded-For is believed, by address: IPs or CIDRs, comma-separated
   * (e.g. 127.0.0.1 for nginx on the same host). Unset: none, the socket's address is the client.
   */
  TRUST_PROXY: unsetIfEmpty(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
              error: 'must be IP addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1)',
            }),
          )
          .min(1),
      ),
  ),
  /** Replaced by TRUST_PROXY (addresses, not a hop count): refused when set, so it is not lost. */
  TRUST_PROXY_HOPS: unsetIfEmpty(z.string()),
  /** Bearer token of GET /metrics (Prometheus); unset: the endpoint does not exist. */
  METRICS_TOKEN: unsetIfEmpty(secret),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(1_000_000).default(1),
  /** Browser journeys only: a settable server clock at /api/test/clock (never in production). */
  TEST_CONTROLS: unsetIfEmpty(z.enum(['true', 'false'])),
  /** Networks ESC/POS printers may be on: comma-separated CIDR ranges; empty: none (issue 29). */
  PRINTER_NETWORK_ALLOW: z.string().default(''),

  // Load shedding (docs/decisions/load-shedding.md): 503 + Retry-After before the route's work.
  /** Default: on, except under NODE_ENV=test (keeps API tests deterministic). */
  LOAD_SHED: z.enum(['true', 'false']).optional(),
  LOAD_SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(32),
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  LOAD_SHED_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  LOAD_SHED_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  LOAD_SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  /** Diners' live order-page streams one instance holds at once (apart from the cap above). */
  LIVE_STREAMS_MAX_DINER: z.coerce.number().int().min(1).max(100_000).default(500),

  // Time limits on the wire (docs/decisions/load-shedding.md), always set: a client that sends
  // slowly, or not at all, is cut off and frees what it holds.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),

  // Outside services (issue 5). Each is off (offline default) until its keys are set.
  TWILIO_ACCOUNT_SID: unsetIfEmpty(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC + 32 hex)'),
  ),
  TWILIO_AUTH_TOKEN: unsetIfEmpty(z.string().min(1)),
  /** Sender: a Twilio number in E.164, or use TWILIO_MESSAGING_SERVICE_SID instead. */
  TWILIO_FROM: unsetIfEmpty(
    z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number like +15551234567'),
  ),
  TWILIO_MESSAGING_SERVICE_SID: unsetIfEmpty(
    z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG + 32 hex)'),
  ),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  EMAIL_FROM: z.string().min(3).max(200).default('Forkful <no-reply@forkful.localhost>'),
  RECAPTCHA_SECRET: unsetIfEmpty(z.string().min(1)),
  RECAPTCHA_SITE_KEY: unsetIfEmpty(z.string().min(1)),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  GOOGLE_MAPS_API_KEY: unsetIfEmpty(z.string().min(1)),
  GOOGLE_MAPS_BASE_URL: z.url().default('https://maps.googleapis.com'),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** Time limit of one call to Twilio, SMTP, reCAPTCHA or Google. */
  OUTSIDE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  OUTBOX_BACKOFF_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  OUTBOX_BACKOFF_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  // Payment gateways (docs/decisions/payment-gateways.md). Each merchant's credentials pick the
  // vendor's test or live host; a base URL set here replaces that host for every merchant (the
  // local fakes in tests and journeys, or a vendor's private endpoint).
  CARDPOINTE_BASE_URL: unsetIfEmpty(z.url()),
  TRANSIT_BASE_URL: unsetIfEmpty(z.url()),
  AUTHORIZENET_BASE_URL: unsetIfEmpty(z.url()),
  CONVERGE_BASE_URL: unsetIfEmpty(z.url()),
  /**
   * Time limit of one gateway call: above CardPointe's own 32 s "Timed out" answer, at most 40 s
   * (issue 30: a diner is waiting; payment-gateways.md "Time-outs").
   */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(40_000).default(40_000),
  /**
   * Converge (elavon) is offered only when this is true: the server-side confirmation of a
   * hosted payment relies on a query call PROTOCOLS marks unverified (gateway-converge.md).
   */
  CONVERGE_EXPERIMENTAL: unsetIfEmpty(z.enum(['true', 'false'])),
  /** The crash drill of the payment recovery test (payments-sandbox.md); ignored in production. */
  FORKFUL_SANDBOX_CRASH_AFTER_APPROVAL: z.enum(['0', '1']).default('0'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  marketingUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  sessionSecret: string;
  credentialsKey: Buffer;
  bodyLimitBytes: number;
  /** Seed the demo merchants at start: SEED_DEMO, else on everywhere but production. */
  seedDemo: boolean;
  /** Serve the OpenAPI document and Swagger UI at /api/docs: API_DOCS, else off in production. */
  apiDocs: boolean;
  /** Every route's `rateLimit.max` is its constant times this (≥ 1; 1 = the defaults). */
  rateLimitMultiplier: number;
  /** The CIDR ranges network (ESC/POS) printers may be on; empty: network printing refused. */
  printerNetworkAllow: string[];
  /** Payment gateways: host overrides, call time limit, Converge switch. */
  gateways: {
    cardPointeBaseUrl: string | undefined;
    transitBaseUrl: string | undefined;
    authorizeNetBaseUrl: string | undefined;
    convergeBaseUrl: string | undefined;
    timeoutMs: number;
    convergeExperimental: boolean;
  };
  /** The journeys' controls (docs/decisions/browser-journeys.md); refused in production. */
  testControls: boolean;
  /** Token of GET /metrics; undefined = no metrics endpoint. */
  metricsToken: string | undefined;
  /** Addresses/CIDRs of the proxies whose X-Forwarded-For is believed (empty = none). */
  trustProxy: string[];
  /** When the instance refuses new requests with 503 (@fastify/under-pressure); 0 = that check off. */
  loadShed: {
    enabled: boolean;
    /** Requests handled at once (health probes aside); the next one is refused at once. */
    maxInFlight: number;
    /** Mean lateness of the event loop over one sample, in ms. */
    maxEventLoopDelayMs: number;
    /** Share of one sample the event loop was busy, 0–1. */
    maxEventLoopUtilization: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
    sampleIntervalMs: number;
    /** Sent as Retry-After (HTTP counts it in whole seconds). */
    retryAfterSeconds: number;
  };
  /** Live order streams (Server-Sent Events) counted apart from the in-flight cap. */
  liveStreams: {
    /** Diners' order-page streams per instance (the merchant's are capped per store). */
    maxDiner: number;
  };
  /** Node's server time limits, in ms (docs/decisions/load-shedding.md). */
  http: {
    /** From the connection's first byte to the end of the request's headers. */
    headersTimeoutMs: number;
    /** From the first byte to the end of the request's body; the answer is not limited. */
    requestTimeoutMs: number;
    /** An idle kept-alive connection between two requests. */
    keepAliveTimeoutMs: number;
    /** A connection on which nothing moves either way (streams send a heartbeat every 15 s). */
    connectionTimeoutMs: number;
  };
  /** Social sign-in providers (OIDC_PROVIDERS); empty = none. */
  oidcProviders: OidcProviderSettings[];
  /** The sandbox gateway kills the process right after an approval (never in production). */
  sandboxCrashAfterApproval: boolean;
  /** Twilio Messages API; undefined = offline SMS (outbox view and log only). */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
        baseUrl: string;
      }
    | undefined;
  /** SMTP through nodemailer; undefined = offline email (outbox view only). */
  smtp: { url: string } | undefined;
  emailFrom: string;
  /** reCAPTCHA siteverify; undefined = captcha off. */
  recaptcha:
    | { secret: string; siteKey: string | undefined; verifyUrl: string; minScore: number }
    | undefined;
  /** Google Maps web services; undefined = offline ZIP centroids and straight-line miles. */
  googleMaps: { apiKey: string; baseUrl: string } | undefined;
  mapTiles: { url: string; attribution: string };
  outsideTimeoutMs: number;
  outbox: {
    pollMs: number;
    batchSize: number;
    maxAttempts: number;
    leaseMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
  };
}

/**
 * A route's rate limit scaled by RATE_LIMIT_MULTIPLIER: the limit per client address and
 * instance in each `timeWindow`, never below the route's own constant.
 */
export function scaledRateLimit<T extends { max: number }>(
  config: Pick<Config, 'rateLimitMultiplier'>,
  limit: T,
): T {
  return { ...limit, max: Math.max(limit.max, Math.floor(limit.max * config.rateLimitMultiplier)) };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the secrets kept in the data folder in embedded mode, creating them on first start.
 * With a shared PostgreSQL server (DATABASE_URL) or in production, every instance must use the
 * same secrets, so they must be given explicitly instead.
 */
function embeddedSecrets(dataDir: string): { sessionSecret: string; credentialsKey: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as {
      sessionSecret: string;
      credentialsKey: string;
    };
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    sessionSecret: randomBytes(32).toString('hex'),
    credentialsKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const shared = e.DATABASE_URL !== undefined || e.NODE_ENV === 'production';
  if (shared) {
    if (!e.SESSION_SECRET)
      problems.push('SESSION_SECRET: required when DATABASE_URL is set or NODE_ENV=production');
    if (!e.CREDENTIALS_KEY)
      problems.push('CREDENTIALS_KEY: required when DATABASE_URL is set or NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.TEST_CONTROLS === 'true') {
    problems.push('TEST_CONTROLS: never allowed when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when NODE_ENV=production');
  }
  const twilioKeys = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN].filter(Boolean).length;
  if (twilioKeys === 1) {
    problems.push('TWILIO_AUTH_TOKEN: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together');
  }
  if (twilioKeys === 2 && !e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    problems.push('TWILIO_FROM: required with Twilio (or set TWILIO_MESSAGING_SERVICE_SID)');
  }
  if (e.TRUST_PROXY_HOPS !== undefined) {
    problems.push(
      'TRUST_PROXY_HOPS: no longer read; set TRUST_PROXY to the proxy addresses instead (e.g. 127.0.0.1)',
    );
  }
  if (e.OUTBOX_LEASE_MS < 2 * e.OUTSIDE_TIMEOUT_MS) {
    problems.push('OUTBOX_LEASE_MS: must be at least twice OUTSIDE_TIMEOUT_MS');
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  // Nothing moves on the socket while send order waits on the gateway, nor between heartbeats.
  if (e.HTTP_CONNECTION_TIMEOUT_MS <= Math.max(e.GATEWAY_TIMEOUT_MS, 15_000)) {
    problems.push(
      'HTTP_CONNECTION_TIMEOUT_MS: must exceed GATEWAY_TIMEOUT_MS and the 15 s stream heartbeat',
    );
  }
  let oidcProviders: OidcProviderSettings[] = [];
  try {
    oidcProviders = parseOidcProviders(e.OIDC_PROVIDERS);
  } catch (err) {
    if (!(err instanceof OidcProvidersError)) throw err;
    problems.push(err.message.replace(/\n\s*/g, ' '));
  }
  const printerNetworkAllow = e.PRINTER_NETWORK_ALLOW.split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  try {
    allowList({ allow: printerNetworkAllow });
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const secrets =
    e.SESSION_SECRET && e.CREDENTIALS_KEY
      ? { sessionSecret: e.SESSION_SECRET, credentialsKey: e.CREDENTIALS_KEY }
      : embeddedSecrets(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    printerNetworkAllow,
    marketingUrl: e.MARKETING_URL,
    logLevel: e.LOG_LEVEL,
    sessionSecret: e.SESSION_SECRET ?? secrets.sessionSecret,
    credentialsKey: Buffer.from(e.CREDENTIALS_KEY ?? secrets.credentialsKey, 'hex'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    // Production starts empty and without the API map unless asked: a published demo password
    // or a map of every route is not something an operator should get by forgetting a setting.
    seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    testControls: e.TEST_CONTROLS === 'true',
    trustProxy: e.TRUST_PROXY ?? [],
    metricsToken: e.METRICS_TOKEN,
    gateways: {
      cardPointeBaseUrl: e.CARDPOINTE_BASE_URL?.replace(/\/+$/, ''),
      transitBaseUrl: e.TRANSIT_BASE_URL?.replace(/\/+$/, ''),
      authorizeNetBaseUrl: e.AUTHORIZENET_BASE_URL?.replace(/\/+$/, ''),
      convergeBaseUrl: e.CONVERGE_BASE_URL?.replace(/\/+$/, ''),
      timeoutMs: e.GATEWAY_TIMEOUT_MS,
      convergeExperimental: e.CONVERGE_EXPERIMENTAL === 'true',
    },
    loadShed: {
      enabled: e.LOAD_SHED ? e.LOAD_SHED === 'true' : e.NODE_ENV !== 'test',
      maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.LOAD_SHED_MAX_HEAP_USED_BYTES,
      maxRssBytes: e.LOAD_SHED_MAX_RSS_BYTES,
      sampleIntervalMs: e.LOAD_SHED_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
    },
    liveStreams: { maxDiner: e.LIVE_STREAMS_MAX_DINER },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_MS,
    },
    oidcProviders,
    sandboxCrashAfterApproval:
      e.NODE_ENV !== 'production' && e.FORKFUL_SANDBOX_CRASH_AFTER_APPROVAL === '1',
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
            baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL } : undefined,
    emailFrom: e.EMAIL_FROM,
    recaptcha: e.RECAPTCHA_SECRET
      ? {
          secret: e.RECAPTCHA_SECRET,
          siteKey: e.RECAPTCHA_SITE_KEY,
          verifyUrl: e.RECAPTCHA_VERIFY_URL,
          minScore: e.RECAPTCHA_MIN_SCORE,
        }
      : undefined,
    googleMaps: e.GOOGLE_MAPS_API_KEY
      ? { apiKey: e.GOOGLE_MAPS_API_KEY, baseUrl: e.GOOGLE_MAPS_BASE_URL.replace(/\/+$/, '') }
      : undefined,
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    outsideTimeoutMs: e.OUTSIDE_TIMEOUT_MS,
    outbox: {
      pollMs: e.OUTBOX_POLL_MS,
      batchSize: e.OUTBOX_BATCH_SIZE,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: e.OUTBOX_LEASE_MS,
      backoffBaseMs: e.OUTBOX_BACKOFF_BASE_MS,
      backoffMaxMs: e.OUTBOX_BACKOFF_MAX_MS,
    },
  };
}
