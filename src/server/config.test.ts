import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'forkful-config-'));

describe('configuration', () => {
  it('lists every bad key in one error', () => {
    try {
      loadConfig({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        DATA_DIR: dataDir(),
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('LOG_LEVEL');
      expect(msg).toContain('DATABASE_URL');
    }
  });

  it('reads PRINTER_NETWORK_ALLOW as CIDR ranges, empty by default, and stops on a bad one (issue 29)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).printerNetworkAllow).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), PRINTER_NETWORK_ALLOW: ' 10.20.0.0/16, ,192.168.1.50' })
        .printerNetworkAllow,
    ).toEqual(['10.20.0.0/16', '192.168.1.50']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PRINTER_NETWORK_ALLOW: 'office' })).toThrow(
      /PRINTER_NETWORK_ALLOW: "office" is not an IP range/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PRINTER_NETWORK_ALLOW: '10.0.0.0/40' })).toThrow(
      /bad prefix length/,
    );
  });

  it('requires shared secrets with a PostgreSQL server or in production', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', DATA_DIR: dataDir() }),
    ).toThrow(/SESSION_SECRET: required[\s\S]*CREDENTIALS_KEY: required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /PUBLIC_URL: required/,
    );
  });

  it('generates the embedded secrets once and keeps them in the data folder', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret).toHaveLength(64);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(b.credentialsKey.equals(a.credentialsKey)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).sessionSecret).toBe(
      a.sessionSecret,
    );
  });

  it('seeds the demo and serves the API docs by default only outside production', () => {
    const prod = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      SESSION_SECRET: 'x'.repeat(32),
      CREDENTIALS_KEY: 'a'.repeat(64),
      DATA_DIR: dataDir(),
    };
    expect(loadConfig(prod)).toMatchObject({ seedDemo: false, apiDocs: false });
    expect(loadConfig({ ...prod, SEED_DEMO: 'true', API_DOCS: 'true' })).toMatchObject({
      seedDemo: true,
      apiDocs: true,
    });
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV, DATA_DIR: dataDir() })).toMatchObject({
        seedDemo: true,
        apiDocs: true,
      });
      expect(
        loadConfig({ NODE_ENV, SEED_DEMO: 'false', API_DOCS: 'false', DATA_DIR: dataDir() }),
      ).toMatchObject({ seedDemo: false, apiDocs: false });
    }
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('believes X-Forwarded-For only from the proxy addresses in TRUST_PROXY', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1,nginx' })).toThrow(
      /TRUST_PROXY\.1: must be IP addresses or CIDR ranges/,
    );
    // The old hop count is refused by name rather than silently ignored.
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY_HOPS: '1' })).toThrow(
      /TRUST_PROXY_HOPS: no longer read; set TRUST_PROXY/,
    );
  });

  it('defaults to port 8080 and info logs', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(8080);
    expect(c.logLevel).toBe('info');
    expect(c.publicUrl).toBe('http://localhost:8080');
  });
});

describe('social sign-in providers', () => {
  it('reads OIDC_PROVIDERS at boot and refuses a bad list with the config error', () => {
    const ok = { name: 'google', issuer: 'https://accounts.google.com', clientId: 'id' };
    const c = loadConfig({ DATA_DIR: dataDir(), OIDC_PROVIDERS: JSON.stringify([ok]) });
    expect(c.oidcProviders.map((p) => p.name)).toEqual(['google']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), OIDC_PROVIDERS: '[{' })).toThrow(
      /Invalid OIDC_PROVIDERS/,
    );
  });
});
