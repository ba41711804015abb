// A forgotten password (issue 11, docs/decisions/password-reset.md): the same answer for any
// email, an emailed one-time link that expires after 30 minutes, at most 3 links an hour per
// account, the new password checked by the sign-up rule, other links and sessions ended.
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
  RESET_REQUESTED,
} from '../../src/contract/customers.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { App } from '../../src/server/app.js';
import { outbox } from '../../src/server/db/schema/index.js';
import { createCustomer, signInCustomer } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';
import { onPostgresServer } from '../support/test-db.js';

const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_MULTIPLIER: '1000' } });
});
afterAll(() => t.app.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/usersAuth/passwordReset/${url}`, payload });

async function linksTo(email: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'email'), like(outbox.messageKey, 'password-reset:%')))
    .orderBy(desc(outbox.id));
  return rows
    .filter((r) => (r.payload as { to: string[] }).to.includes(email))
    .map(
      (r) =>
        /resetToken=([A-Za-z0-9_-]{43})/.exec(String((r.payload as { text: string }).text))![1]!,
    );
}

describe('asking for a link', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const r = await post('request', { email: 'nobody-here@example.com', merchantId: 'demo' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, message: RESET_REQUESTED });
    expect(await linksTo('nobody-here@example.com')).toEqual([]);
  });

  it('emails a link to the store page for an account, at most 3 an hour', async () => {
    const c = await createCustomer(t.ctx.db);
    for (let i = 0; i < 4; i++) {
      const r = await post('request', { email: c.email.toUpperCase(), merchantId: 'demo' });
      expect(r.json().message).toBe(RESET_REQUESTED);
    }
    expect(await linksTo(c.email)).toHaveLength(3);
    clock.advance(61 * 60_000);
    await post('request', { email: c.email, merchantId: 'demo' });
    expect(await linksTo(c.email)).toHaveLength(4);
  });
});

describe('using a link', () => {
  it('sets the new password once, ends the other links and the sessions', async () => {
    const c = await createCustomer(t.ctx.db);
    const session = await signInCustomer(t.app, c.email, c.password);
    await post('request', { email: c.email, merchantId: 'demo' });
    await post('request', { email: c.email, merchantId: 'demo' });
    const [newest, older] = await linksTo(c.email);

    const weak = await post('confirm', { token: newest, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MESSAGES.PASSWORD_RULE);

    const ok = await post('confirm', { token: newest, password: 'NewPassw0rd' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(PASSWORD_RESET_DONE);

    for (const token of [newest, older]) {
      const again = await post('confirm', { token, password: 'Another1pass' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(RESET_LINK_INVALID);
    }
    const isAuth = await t.app.inject({
      url: '/api/usersAuth/isAuth',
      headers: { cookie: session },
    });
    expect(isAuth.json().isAuth).toBe(false);
    await expect(signInCustomer(t.app, c.email, 'NewPassw0rd')).resolves.toBeTruthy();
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogin',
      payload: { email: c.email, password: c.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a link older than 30 minutes', async () => {
    const c = await createCustomer(t.ctx.db);
    await post('request', { email: c.email, merchantId: 'demo' });
    const [token] = await linksTo(c.email);
    clock.advance(31 * 60_000);
    const r = await post('confirm', { token, password: 'NewPassw0rd' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(RESET_LINK_INVALID);
  });

  it.skipIf(!onPostgresServer())(
    'two uses of one link at the same moment: exactly one sets the password',
    async () => {
      const c = await createCustomer(t.ctx.db);
      await post('request', { email: c.email, merchantId: 'demo' });
      const [token] = await linksTo(c.email);
      const answers = await Promise.all(
        ['FirstPassw0rd', 'SecondPassw0rd'].map((password) => post('confirm', { token, password })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    },
  );
});
