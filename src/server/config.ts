// Configuration read from the environment once at boot and checked with zod: a bad value stops
// the process with one message listing every bad key.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const secret = z.string().min(32, 'must be at least 32 characters');

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
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
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
  seedDemo: boolean;
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
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when NODE_ENV=production');
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
    marketingUrl: e.MARKETING_URL,
    logLevel: e.LOG_LEVEL,
    sessionSecret: e.SESSION_SECRET ?? secrets.sessionSecret,
    credentialsKey: Buffer.from(e.CREDENTIALS_KEY ?? secrets.credentialsKey, 'hex'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    seedDemo: e.SEED_DEMO === 'true',
  };
}
