// A local reCAPTCHA siteverify (docs/protocols/recaptcha.md): POST /recaptcha/api/siteverify,
// form-encoded secret, response, remoteip. Token grammar: "pass" (v2), "pass:<action>:<score>"
// (v3), "fail", "expired", each optionally with a "#nonce" suffix to make it unique. Tokens verify
// once (a replay is timeout-or-duplicate); an unknown secret is invalid-input-secret. failNext(n)
// answers HTTP 500 (Google down).
import { type FakeServer, startFakeServer } from './http.js';

export const FAKE_RECAPTCHA_SECRET = 'fake-recaptcha-secret';

export interface FakeRecaptcha extends FakeServer {
  verifyUrl: string;
  failNext(n: number): void;
}

export async function startFakeRecaptcha(secret = FAKE_RECAPTCHA_SECRET): Promise<FakeRecaptcha> {
  const used = new Set<string>();
  let failures = 0;
  const challengeTs = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const server = await startFakeServer(async (req) => {
    if (req.url.pathname !== '/recaptcha/api/siteverify' || req.method !== 'POST') {
      return { status: 404, text: 'not found' };
    }
    if (failures > 0) {
      failures -= 1;
      return { status: 500, text: 'internal error' };
    }
    const form = new URLSearchParams(req.body);
    const s = form.get('secret');
    const token = form.get('response');
    if (!s)
      return { status: 200, json: { success: false, 'error-codes': ['missing-input-secret'] } };
    if (s !== secret)
      return { status: 200, json: { success: false, 'error-codes': ['invalid-input-secret'] } };
    if (!token)
      return { status: 200, json: { success: false, 'error-codes': ['missing-input-response'] } };
    if (used.has(token) || token === 'expired') {
      return { status: 200, json: { success: false, 'error-codes': ['timeout-or-duplicate'] } };
    }
    used.add(token);
    // "#anything" at the end only makes a token unique (tokens verify once).
    const [verdict, action, score] = token.split('#')[0]!.split(':');
    if (verdict !== 'pass') {
      return { status: 200, json: { success: false, 'error-codes': ['invalid-input-response'] } };
    }
    const base = { success: true, challenge_ts: challengeTs(), hostname: 'localhost' };
    return {
      status: 200,
      json: action !== undefined ? { ...base, action, score: Number(score ?? '0.9') } : base,
    };
  });
  return Object.assign(server, {
    verifyUrl: `${server.baseUrl}/recaptcha/api/siteverify`,
    failNext: (n: number) => {
      failures = n;
    },
  });
}
