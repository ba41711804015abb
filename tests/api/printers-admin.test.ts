// Printers in the dashboard (issue 29; docs/decisions/printing.md): add, edit (a write changes only
// the fields it names), remove, the CloudPRNT credentials (shown once, only a hash kept), status
// and last job, a rate-limited test page, and the store's print settings. A merchant never
// reaches another merchant's printer. Spec: Printer {_id, name, description, print_format}
// (C7.35–C7.37).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudPrntCredentials, PrinterDetail } from '../../src/contract/printer-settings.js';
import type { App } from '../../src/server/app.js';
import { printJobs, printers } from '../../src/server/db/schema/index.js';
import { CLOUDPRNT_OFFLINE_AFTER_MS } from '../../src/server/modules/printers/cloudprnt.service.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

let t: App;
const clock = manualClock('2026-11-27T18:00:00Z');
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PRINTER_NETWORK_ALLOW: '10.20.0.0/16, 192.168.1.50' } });
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
});
afterAll(() => t.app.close());

const base = (who: { merchantId: string }) => `/api/printers/merchantId/${who.merchantId}`;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  who: SignedIn = m,
) =>
  t.app.inject({
    method,
    url: `${base(who)}${path}`,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const add = async (body: object) => {
  const res = await call('POST', '/printer', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrinterDetail>();
};
const issueOf = (res: { json: () => { issues?: { path: unknown[]; message: string }[] } }) =>
  res.json().issues?.[0];

describe('adding, editing and removing printers', () => {
  it('adds a printer with defaults, and an edit changes only the fields it names', async () => {
    const p = await add({ name: '  Wok Station ', print_format: 'kitchen' });
    expect(p).toMatchObject({
      name: 'Wok Station',
      description: '',
      print_format: 'kitchen',
      connection: 'none',
      paper_width: '80mm',
      network_host: null,
      has_cloud_token: false,
      last_job: null,
    });
    const edited = await call('PUT', `/printer/${p._id}`, { paper_width: '58mm' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Wok Station',
      print_format: 'kitchen',
      paper_width: '58mm',
    });
    const renamed = await call('PUT', `/printer/${p._id}`, { description: 'Back line' });
    expect(renamed.json()).toMatchObject({ paper_width: '58mm', description: 'Back line' });
    // The spec's list shows it.
    const list = await t.app.inject({
      method: 'GET',
      url: `${base(m)}/printers`,
      headers: { cookie: m.cookie },
    });
    expect(list.json<{ name: string }[]>().map((x) => x.name)).toContain('Wok Station');
  });

  it('refuses bad fields with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'X', print_format: 'poster' }, 'print_format'],
      [{ name: 'X', connection: 'bluetooth' }, 'connection'],
      [{ name: 'X', paper_width: '72mm' }, 'paper_width'],
      [{ name: 'X', merchantId: other.merchantId }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/printer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(res.json().issues)).toContain(field);
    }
  });

  it('removes a printer; a second remove is a 404', async () => {
    const p = await add({ name: 'Temp' });
    expect((await call('DELETE', `/printer/${p._id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/printer/${p._id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(printers).where(eq(printers.id, p._id))).toEqual([]);
  });
});

describe('network (ESC/POS) printers: the operator’s address rule', () => {
  it('accepts an address inside the allowed ranges on ports 9100–9109', async () => {
    const p = await add({
      name: 'Bar',
      connection: 'network',
      network_host: '10.20.3.4',
      network_port: 9100,
    });
    expect(p).toMatchObject({
      connection: 'network',
      network_host: '10.20.3.4',
      network_port: 9100,
    });
    // Moving it to the browser forgets the address.
    const moved = await call('PUT', `/printer/${p._id}`, { connection: 'none' });
    expect(moved.json()).toMatchObject({
      connection: 'none',
      network_host: null,
      network_port: null,
    });
  });

  it('refuses loopback, link-local, metadata, outside ranges, names and other ports', async () => {
    const cases: [string, number, string, RegExp][] = [
      ['127.0.0.1', 9100, 'network_host', /cannot be a printer/],
      ['169.254.169.254', 9100, 'network_host', /cannot be a printer/],
      ['::1', 9100, 'network_host', /cannot be a printer/],
      ['::ffff:10.20.0.5', 9100, 'network_host', /cannot be a printer/],
      ['10.21.0.5', 9100, 'network_host', /outside the networks/],
      ['192.168.1.51', 9100, 'network_host', /outside the networks/],
      ['printer.local', 9100, 'network_host', /IP address/],
      ['10.20.0.5', 22, 'network_port', /9100 to 9109/],
      ['10.20.0.5', 9110, 'network_port', /9100 to 9109/],
    ];
    for (const [host, port, field, message] of cases) {
      const res = await call('POST', '/printer', {
        name: 'Probe',
        connection: 'network',
        network_host: host,
        network_port: port,
      });
      expect(res.statusCode, `${host}:${port}`).toBe(400);
      expect(issueOf(res)?.path, `${host}:${port}`).toEqual(['body', field]);
      expect(issueOf(res)?.message).toMatch(message);
    }
    const missing = await call('POST', '/printer', { name: 'P', connection: 'network' });
    expect(issueOf(missing)?.path).toEqual(['body', 'network_host']);
  });

  it('an edit of the port alone is checked against the stored host', async () => {
    const p = await add({
      name: 'Pass',
      connection: 'network',
      network_host: '192.168.1.50',
      network_port: 9101,
    });
    const bad = await call('PUT', `/printer/${p._id}`, { network_port: 80 });
    expect(bad.statusCode).toBe(400);
    expect(issueOf(bad)?.path).toEqual(['body', 'network_port']);
    const good = await call('PUT', `/printer/${p._id}`, { network_port: 9109 });
    expect(good.json()).toMatchObject({ network_host: '192.168.1.50', network_port: 9109 });
  });

  it('with PRINTER_NETWORK_ALLOW empty (the default), network printing is refused clearly', async () => {
    const off = await createTestApp();
    try {
      const a = await createMerchant(off.ctx.db);
      const cookie = await signInMerchant(off.app, a.merchantId, a.password);
      const res = await off.app.inject({
        method: 'POST',
        url: `${base(a)}/printer`,
        headers: { cookie },
        payload: { name: 'P', connection: 'network', network_host: '10.0.0.5', network_port: 9100 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Network printing is off.*PRINTER_NETWORK_ALLOW/);
      expect(issueOf(res)?.path).toEqual(['body', 'connection']);
    } finally {
      await off.app.close();
    }
  });
});

describe('CloudPRNT: token, status, test page', () => {
  it('gives the URL and a token once, keeps only its hash; the printer then shows online with its test page printed', async () => {
    const p = await add({ name: 'Star', connection: 'cloud', paper_width: '58mm' });
    expect(p.status).toBe('offline'); // never polled
    const res = await call('POST', `/printer/${p._id}/cloudToken`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cred = res.json<CloudPrntCredentials>();
    expect(cred.url).toMatch(new RegExp(`/api/cloudprnt/${p._id}$`));
    expect(cred.password.length).toBeGreaterThanOrEqual(32);
    const [row] = await t.ctx.db.select().from(printers).where(eq(printers.id, p._id));
    expect(row!.cloudTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.cloudTokenHash).not.toContain(cred.password);
    const board = await call('GET', '/printerBoard');
    expect(board.body).not.toContain(cred.password);
    expect(board.json<PrinterDetail[]>().find((x) => x._id === p._id)?.has_cloud_token).toBe(true);

    const test = await call('POST', `/printer/${p._id}/testPage`);
    expect(test.statusCode, test.body).toBe(200);
    const auth = `Basic ${Buffer.from(`printer:${cred.password}`).toString('base64')}`;
    const printerUrl = new URL(cred.url).pathname;
    const poll = await t.app.inject({
      method: 'POST',
      url: printerUrl,
      headers: { authorization: auth },
      payload: { statusCode: '200%20OK' },
    });
    expect(poll.json()).toMatchObject({ jobReady: true });
    const fetched = await t.app.inject({
      method: 'GET',
      url: `${printerUrl}?type=image/png`,
      headers: { authorization: auth },
    });
    expect(fetched.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'DELETE',
      url: `${printerUrl}?code=200%20OK`,
      headers: { authorization: auth },
    });
    expect(confirm.statusCode).toBe(200);
    const after = (await call('GET', '/printerBoard'))
      .json<PrinterDetail[]>()
      .find((x) => x._id === p._id)!;
    expect(after.status).toBe('online');
    expect(after.last_job).toMatchObject({ kind: 'test', status: 'printed', error: null });

    // A new token replaces the old one at once.
    const again = (await call('POST', `/printer/${p._id}/cloudToken`)).json<CloudPrntCredentials>();
    expect(again.password).not.toBe(cred.password);
    const old = await t.app.inject({
      method: 'POST',
      url: printerUrl,
      headers: { authorization: auth },
      payload: { statusCode: '200 OK' },
    });
    expect(old.statusCode).toBe(401);

    // Silent longer than the offline time: offline, whatever it last said.
    clock.advance(CLOUDPRNT_OFFLINE_AFTER_MS + 1);
    const silent = (await call('GET', '/printerBoard'))
      .json<PrinterDetail[]>()
      .find((x) => x._id === p._id)!;
    expect(silent.status).toBe('offline');

    // Leaving CloudPRNT drops the token.
    await call('PUT', `/printer/${p._id}`, { connection: 'none' });
    const [left] = await t.ctx.db.select().from(printers).where(eq(printers.id, p._id));
    expect(left!.cloudTokenHash).toBeNull();
  });

  it('a token only for a cloud printer; a test page not for a browser printer', async () => {
    const p = await add({ name: 'Browser' });
    expect((await call('POST', `/printer/${p._id}/cloudToken`)).statusCode).toBe(409);
    expect((await call('POST', `/printer/${p._id}/testPage`)).statusCode).toBe(409);
  });

  it('limits test pages to one per printer per 10 seconds', async () => {
    const a = await add({ name: 'Limited A', connection: 'cloud' });
    const b = await add({ name: 'Limited B', connection: 'cloud' });
    expect((await call('POST', `/printer/${a._id}/testPage`)).statusCode).toBe(200);
    const second = await call('POST', `/printer/${a._id}/testPage`);
    expect(second.statusCode).toBe(429);
    // Another printer is not held back.
    expect((await call('POST', `/printer/${b._id}/testPage`)).statusCode).toBe(200);
    const queued = await t.ctx.db.select().from(printJobs).where(eq(printJobs.printerId, a._id));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.ticket.kind).toBe('test');
  });
});

describe('print settings', () => {
  it('reads defaults, saves only the fields named, and takes only a kitchen printer of the store as default', async () => {
    expect((await call('GET', '/printSettings')).json()).toEqual({
      autoPrint: false,
      scheduledPrint: 'placement',
      defaultKitchenPrinterId: null,
    });
    const saved = await call('PUT', '/printSettings', { autoPrint: true });
    expect(saved.json()).toEqual({
      autoPrint: true,
      scheduledPrint: 'placement',
      defaultKitchenPrinterId: null,
    });
    const k = await add({ name: 'Default kitchen', print_format: 'kitchen' });
    const r = await add({ name: 'Receipts', print_format: 'receipt' });
    const due = await call('PUT', '/printSettings', {
      scheduledPrint: 'due',
      defaultKitchenPrinterId: k._id,
    });
    expect(due.json()).toEqual({
      autoPrint: true,
      scheduledPrint: 'due',
      defaultKitchenPrinterId: k._id,
    });
    const receipt = await call('PUT', '/printSettings', { defaultKitchenPrinterId: r._id });
    expect(receipt.statusCode).toBe(400);
    expect(issueOf(receipt)?.path).toEqual(['body', 'defaultKitchenPrinterId']);
    const bad = await call('PUT', '/printSettings', { scheduledPrint: 'later' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('another merchant’s printers', () => {
  it('cannot be read, edited, removed, tokened, tested or made default', async () => {
    const mine = await add({ name: 'Mine', connection: 'cloud' });
    const id = mine._id;
    const tries = [
      call('PUT', `/printer/${id}`, { name: 'Stolen' }, other),
      call('DELETE', `/printer/${id}`, undefined, other),
      call('POST', `/printer/${id}/cloudToken`, undefined, other),
      call('POST', `/printer/${id}/testPage`, undefined, other),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(404);
    const def = await call('PUT', '/printSettings', { defaultKitchenPrinterId: id }, other);
    expect(def.statusCode).toBe(400);
    const board = await call('GET', '/printerBoard', undefined, other);
    expect(board.json<PrinterDetail[]>().map((x) => x._id)).not.toContain(id);
    // The other merchant's session on this merchant's path: refused.
    const cross = await t.app.inject({
      method: 'PUT',
      url: `${base(m)}/printer/${id}`,
      headers: { cookie: other.cookie },
      payload: { name: 'Stolen' },
    });
    expect(cross.statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(printers).where(eq(printers.id, id));
    expect(row!.name).toBe('Mine');
    expect(row!.cloudTokenHash).toBeNull();
  });
});
