// Issue 29 journey: the Printers pane. A merchant adds a Star CloudPRNT printer, gets its token
// (shown once, with the URL to type into the printer), and a printer — the CloudPRNT fake of
// tests/fakes, run from this test process against the running server — polls with it. "Print
// test page" queues a page the printer fetches and confirms; the dashboard then shows the printer
// online and its last job printed. The printer is removed through the confirmation at the end.
// Screenshots at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { cloudPrntPrinter } from '../fakes/cloudprnt-printer.js';
import { expectNoBlockingViolations, signInToDashboard } from './support/dashboard.js';
import { skipStoreEntry } from './support/store-entry.js';

test.beforeEach(({ page }) => skipStoreEntry(page));

async function openPrintersPane(page: Page) {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Printers' })
    .click();
  await expect(page.getByRole('heading', { name: 'Printers', level: 1 })).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option }).click();
}

test('adds a CloudPRNT printer, gives its token, prints a test page on it, and shows it online', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page);
  await openPrintersPane(page);

  await page.getByRole('button', { name: 'Add printer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a printer' });
  await dialog.getByLabel('Name').fill('Pass Star');
  await choose(page, 'Connection', 'Star CloudPRNT (the printer polls us)');
  await choose(page, 'Paper width', '58 mm (384 dots)');
  // The network fields are for ESC/POS only.
  await expect(dialog.getByLabel('Printer IP address')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add printer' }).click();

  // The dialog stays open on the saved printer for its token.
  const edit = page.getByRole('dialog', { name: 'Edit printer · Pass Star' });
  await edit.getByRole('button', { name: 'New CloudPRNT token' }).click();
  await expect(edit.getByText('Copy the password now: it is shown only once.')).toBeVisible();
  const url = (await edit.locator('[data-credential="Server URL"]').textContent())!;
  const password = (await edit.locator('[data-credential="Password"]').textContent())!;
  expect(url).toMatch(/\/api\/cloudprnt\/[0-9a-f-]{36}$/);
  expect(password.length).toBeGreaterThanOrEqual(32);
  await expect(edit.getByRole('button', { name: 'Copy Password' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('printers-token-1280.png') });
  await expectNoBlockingViolations(page, 'printer dialog with credentials', '.printer-dialog');
  await edit.getByRole('button', { name: 'Done' }).click();
  await expect(edit).toBeHidden();

  const card = page.getByRole('listitem', { name: 'Pass Star' });
  // Never polled: offline.
  await expect(card.locator('.printer-badge')).toHaveText('Offline');
  await expect(card.getByTestId('last-job')).toHaveText('No jobs yet');

  // The printer at the restaurant, pointed at the URL with the password. It reaches the
  // server by the journey's base URL (the server's PUBLIC_URL names localhost).
  const base = test.info().project.use.baseURL ?? new URL(page.url()).origin;
  const printer = cloudPrntPrinter(`${base}${new URL(url).pathname}`, password);
  expect(await printer.cycle()).toBe(false); // nothing to print yet, but it has polled

  await card.getByRole('button', { name: 'Print test page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test page sent' })).toBeVisible();
  expect(await printer.cycle()).toBe(true);
  expect(printer.printed).toHaveLength(1);
  expect(printer.printed[0]!.contentType).toBe('image/png');
  // A 58 mm roll: the PNG is 384 dots wide (IHDR width at bytes 16–19).
  expect(printer.printed[0]!.body.readUInt32BE(16)).toBe(384);

  await expect(card.locator('.printer-badge')).toHaveText('Online', { timeout: 10_000 });
  await expect(card.getByTestId('last-job')).toContainText('Last job: test page printed');
  await page.screenshot({ path: test.info().outputPath('printers-1280.png'), fullPage: true });
  await expectNoBlockingViolations(page, 'printers pane', '#dash-main');

  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('printers-390.png'), fullPage: true });

  // Remove, through the confirmation.
  await card.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove printer' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(card).toHaveCount(0);
  // The old token no longer reaches anything.
  await expect(printer.poll()).rejects.toThrow(/401/);
});
