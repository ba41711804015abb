// The Content-Security-Policy directives (helmet): the app's own origin, widened only by the
// outside hosts the configuration names — the map tile host (MAP_TILE_URL) for images, and
// Google's reCAPTCHA script and frame hosts when captcha is configured, and Converge's payment
// script (that one file) and its frames when the Converge gateway is offered. Nothing wider
// (docs/decisions/production-safety.md, "Content Security Policy").
import type { Config } from '../config.js';

/** Leaflet's default tile subdomains, used for a `{s}` in the tile URL template. */
const TILE_SUBDOMAINS = ['a', 'b', 'c'];

/**
 * The reCAPTCHA hosts Google's FAQ lists for a CSP: the loader and its release scripts, and the
 * widget's frames (the checkbox, the invisible badge, the challenge).
 */
export const RECAPTCHA_SCRIPT_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
export const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/**
 * The origins the tile URL template loads from (`https://tile.example.org`), one per subdomain
 * for `{s}`. A relative template is same-origin (nothing to add); one that is not an http(s)
 * URL adds nothing either, so a typo cannot open the policy.
 */
export function tileSources(template: string): string[] {
  if (template.startsWith('/') && !template.startsWith('//')) return [];
  const hosts = template.includes('{s}')
    ? TILE_SUBDOMAINS.map((s) => template.replaceAll('{s}', s))
    : [template];
  const origins = new Set<string>();
  for (const url of hosts) {
    try {
      const u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') origins.add(u.origin);
    } catch {
      // Not a URL: no source.
    }
  }
  return [...origins];
}

/**
 * Converge's hosts (docs/protocols/converge.md): demo and live, or the one host the deployment
 * names.
 */
export const CONVERGE_HOSTS = ['https://api.demo.convergepay.com', 'https://api.convergepay.com'];

/** The Lightbox script, exactly, and the origins its payment frame comes from. */
export function convergeSources(gateways: Config['gateways'] | undefined): {
  scripts: string[];
  origins: string[];
} {
  if (!gateways?.convergeExperimental) return { scripts: [], origins: [] };
  const origins = gateways.convergeBaseUrl
    ? [new URL(gateways.convergeBaseUrl).origin]
    : CONVERGE_HOSTS;
  return { scripts: origins.map((o) => `${o}/hosted-payments/PayWithConverge.js`), origins };
}

export function cspDirectives(
  config: Pick<Config, 'mapTiles' | 'recaptcha'> & { gateways?: Config['gateways'] },
) {
  const captcha = config.recaptcha !== undefined;
  const converge = convergeSources(config.gateways);
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.mapTiles.url)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Helmet's default would allow fonts from any https host; the app uses its own or none.
    fontSrc: ["'self'", 'data:'],
    scriptSrc: ["'self'", ...(captcha ? RECAPTCHA_SCRIPT_SOURCES : []), ...converge.scripts],
    frameSrc: ["'self'", ...(captcha ? RECAPTCHA_FRAME_SOURCES : []), ...converge.origins],
    connectSrc: ["'self'", ...converge.origins],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  };
}
