// Issue 31 journey: the merchant downloads its data from the Store pane's "Download my data"
// section — plain links, the browser's own download. The files are read back: the settings and
// menu as JSON for this merchant, the orders as CSV with its header; neither holds the password.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_MERCHANT, signInToDashboard } from './support/dashboard.js';

async function download(page: Page, name: string) {
  const section = page.getByRole('region', { name: 'Download my data', exact: true });
  const started = page.waitForEvent('download');
  await section.getByRole('link', { name, exact: true }).click();
  const file = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

for (const width of [1280, 390]) {
  test(`Download my data at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await signInToDashboard(page);
    await page.goto('/merchant/merchantId/demo?pane=store&section=data-export');
    const section = page.getByRole('region', { name: 'Download my data', exact: true });
    // The address's section is brought into view (the last one: as far as the page scrolls).
    await expect(section.getByRole('link', { name: 'Orders (JSON lines)' })).toBeInViewport();
    await page.screenshot({ path: info.outputPath(`data-export-${width}.png`) });

    const store = await download(page, 'Settings and menu (JSON)');
    expect(store.name).toMatch(/^forkful-demo-store-\d{4}-\d\d-\d\d\.json$/);
    const parsed = JSON.parse(store.text) as {
      merchantId: string;
      settings: { name: string };
      menu: { items: unknown[] };
    };
    expect(parsed.merchantId).toBe('demo');
    expect(parsed.settings.name.length).toBeGreaterThan(0);
    expect(parsed.menu.items.length).toBeGreaterThan(0);

    const orders = await download(page, 'Orders (CSV)');
    expect(orders.name).toMatch(/^forkful-demo-orders-\d{4}-\d\d-\d\d\.csv$/);
    expect(orders.text.split('\r\n')[0]).toMatch(/^id,orderNumber,dailyOrderNumber,/);

    for (const file of [store, orders]) {
      expect(file.text).not.toContain(DEMO_MERCHANT.password);
      expect(file.text).not.toMatch(/passwordHash|paymentCredentials|\$argon2/);
    }
  });
}
