// The Content-Security-Policy header (issue 11): 'self' only by default; the map tile host of
// MAP_TILE_URL for images; Google's reCAPTCHA script and frame hosts only when captcha is
// configured. Nothing wider (no scheme-wide or wildcard sources).
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { tileSources } from '../../src/server/plugins/content-security-policy.js';
import { createTestApp } from '../support/test-app.js';

let t: App | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

/** The header of a plain answer, as directive → sources. */
async function policy(env: Record<string, string> = {}): Promise<Map<string, string[]>> {
  t = await createTestApp({ env });
  const res = await t.app.inject('/healthz');
  const header = String(res.headers['content-security-policy'] ?? '');
  expect(header).not.toBe('');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const anyWide = (sources: string[] = []) =>
  sources.some((s) => s === '*' || s === 'https:' || s === 'http:' || s.includes('*'));

describe('Content-Security-Policy', () => {
  it('allows the default tile host for images and no captcha host without captcha', async () => {
    const csp = await policy();
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    for (const sources of csp.values()) expect(anyWide(sources)).toBe(false);
  });

  it('names the configured tile host, with one origin per {s} subdomain', async () => {
    const csp = await policy({
      MAP_TILE_URL: 'https://{s}.tiles.example.net:8443/{z}/{x}/{y}.png',
    });
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://a.tiles.example.net:8443',
      'https://b.tiles.example.net:8443',
      'https://c.tiles.example.net:8443',
    ]);
    expect(csp.get('img-src')).not.toContain('https://tile.openstreetmap.org');
  });

  it('adds the reCAPTCHA script and frame hosts when captcha is configured, nothing else', async () => {
    const csp = await policy({ RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site' });
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const sources of csp.values()) expect(anyWide(sources)).toBe(false);
  });
});

describe('tile sources', () => {
  it('adds nothing for a same-origin or unusable template', () => {
    expect(tileSources('/tiles/{z}/{x}/{y}.png')).toEqual([]);
    expect(tileSources('not a url')).toEqual([]);
    expect(tileSources('javascript:alert(1)')).toEqual([]);
    expect(tileSources('//{s}.example.org/{z}.png')).toEqual([]);
  });
});
