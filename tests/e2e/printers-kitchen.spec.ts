// Issue 29's journey: the demo's Kitchen and Bar printers pointed at a Star CloudPRNT client (the
// fake of tests/fakes, polling the running server from this process) and an ESC/POS TCP sink (a
// local "network printer" on this machine's own address, ports 9106–9109), automatic printing on.
// A diner orders Crab Rangoon (no printer of its own: the default kitchen printer, Kitchen) and
// Mango Pudding (tagged Bar): each printer prints its ticket exactly once, the order detail shows
// both printed, and Reprint prints both again. Screenshots of the detail at 1280 and 390 px.
import { networkInterfaces } from 'node:os';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { cloudPrntPrinter } from '../fakes/cloudprnt-printer.js';
import { type EscPosSink, startEscPosSink } from '../fakes/escpos-sink.js';
import { addSimpleItem, fillCard, fillSaved, openCheckout } from './support/checkout.js';
import { newYorkNoonToday, resetServerTime, setTime } from './support/clock.js';
import { signInToDashboard } from './support/dashboard.js';
import { placeOrder } from './support/place.js';
import { skipStoreEntry } from './support/store-entry.js';

const lan = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

test.beforeEach(({ page }) => skipStoreEntry(page));
test.afterEach(({ request }) => resetServerTime(request));

/** A time the demo store is open (it closes Wednesday 14–16 New York time). */
function openTime(): Date {
  const now = new Date();
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'long',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const weekday = parts.find((p) => p.type === 'weekday')?.value;
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  return weekday === 'Wednesday' && hour >= 14 && hour < 16
    ? new Date(now.getTime() - 3 * 3600_000)
    : now;
}

async function dinerOrder(browser: Browser, request: APIRequestContext, at: Date) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const diner = await context.newPage();
  await skipStoreEntry(diner);
  await diner.clock.install({ time: at });
  await diner.goto('/store/demo');
  await addSimpleItem(diner, 'Crab Rangoon (6)');
  await addSimpleItem(diner, 'Mango Pudding');
  await openCheckout(diner);
  await fillSaved(diner, 'Name', 'Printer Journey');
  await fillSaved(diner, 'Phone', '2125550199');
  await fillCard(diner, '4111111111111111');
  const placed = await placeOrder(diner, request, '2125550199');
  await context.close();
  return placed;
}

const api = (path: string) => `/api/printers/merchantId/demo${path}`;

test.skip(!lan, 'no non-loopback address for the ESC/POS sink');

let sink: EscPosSink | undefined;
test.afterAll(async () => {
  await sink?.close();
});

test('a diner’s order prints once on the CloudPRNT and the ESC/POS printer; Reprint prints again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // After every order an earlier journey placed: the board's journey places its orders at today's
  // noon in New York, which is ahead of the real time before noon there. Automatic printing is
  // switched on at this time, so only the diner's order below is placed after it.
  const at = new Date(Math.max(openTime().getTime(), newYorkNoonToday().getTime() + 5 * 60_000));
  await setTime(page, request, at.toISOString());
  sink = await startEscPosSink({}, { host: lan!, ports: [9106, 9107, 9108, 9109] });
  await signInToDashboard(page);

  // The demo's printers: Kitchen polls us (CloudPRNT), Bar is on the restaurant's network.
  const board = (await (await page.request.get(api('/printerBoard'))).json()) as {
    _id: string;
    name: string;
  }[];
  const kitchen = board.find((p) => p.name === 'Kitchen')!;
  const bar = board.find((p) => p.name === 'Bar')!;
  expect(
    (
      await page.request.put(api(`/printer/${kitchen._id}`), {
        data: { connection: 'cloud', paper_width: '80mm' },
      })
    ).status(),
  ).toBe(200);
  const token = await page.request.post(api(`/printer/${kitchen._id}/cloudToken`));
  const { url, password } = (await token.json()) as { url: string; password: string };
  const barSaved = await page.request.put(api(`/printer/${bar._id}`), {
    data: { connection: 'network', network_host: lan, network_port: sink.port },
  });
  expect(barSaved.status(), await barSaved.text()).toBe(200);
  // Switched on now: the open orders earlier journeys left on the board do not print, only the
  // diner's below (before the fix, a run after dashboard-orders printed its order again).
  const settings = await page.request.put(api('/printSettings'), {
    data: { autoPrint: true, defaultKitchenPrinterId: kitchen._id },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  const base = test.info().project.use.baseURL ?? new URL(page.url()).origin;
  const kitchenPrinter = cloudPrntPrinter(`${base}${new URL(url).pathname}`, password);

  const placed = await dinerOrder(browser, request, at);

  // The ESC/POS ticket is pushed by the outbox; the CloudPRNT one waits for the printer's poll.
  const [barTicket] = await sink.waitForJobs(1, 30_000);
  expect(barTicket!.transcript).toContain('Mango Pudding');
  expect(barTicket!.transcript).not.toContain('Crab Rangoon');
  await expect
    .poll(async () => kitchenPrinter.cycle(), { timeout: 30_000, intervals: [1000] })
    .toBe(true);
  expect(kitchenPrinter.printed).toHaveLength(1);
  // Nothing more for either printer: each printed exactly once.
  expect(await kitchenPrinter.cycle()).toBe(false);
  await page.waitForTimeout(3000);
  expect(sink.jobs).toHaveLength(1);
  expect(await kitchenPrinter.cycle()).toBe(false);

  // The order detail shows both printed, and the order printed.
  await page.goto(`/merchant/merchantId/demo?order=${placed._id}`);
  const printing = page.getByRole('region', { name: 'Printing' });
  const jobs = printing.getByRole('list', { name: 'Print jobs' }).getByRole('listitem');
  await expect(jobs).toHaveCount(2);
  await expect(jobs.filter({ hasText: 'Kitchen · Kitchen ticket' })).toContainText('Printed');
  await expect(jobs.filter({ hasText: 'Bar · Kitchen ticket' })).toContainText('Printed');
  await expect(page.locator('.order-detail__marks')).toContainText('Printed');
  await page.screenshot({ path: test.info().outputPath('order-printing-1280.png') });

  // Reprint: each printer prints it again, once.
  await printing.getByRole('button', { name: 'Reprint' }).click();
  await expect(jobs).toHaveCount(4);
  await sink.waitForJobs(2, 30_000);
  expect(sink.jobs[1]!.transcript).toContain('REPRINT');
  expect(await kitchenPrinter.cycle()).toBe(true);
  expect(kitchenPrinter.printed).toHaveLength(2);
  expect(await kitchenPrinter.cycle()).toBe(false);
  await expect(jobs.filter({ hasText: 'reprint 1' }).filter({ hasText: 'Printed' })).toHaveCount(
    2,
    { timeout: 15_000 },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('order-printing-390.png'), fullPage: true });

  // Put the demo's printers back as they were (browser printing, automatic printing off).
  for (const p of [kitchen, bar])
    await page.request.put(api(`/printer/${p._id}`), { data: { connection: 'none' } });
  await page.request.put(api('/printSettings'), { data: { autoPrint: false } });
});
