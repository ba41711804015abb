// Issue 28 journey: the Store pane as a settings page. The section index jumps to a section and
// names it in the address (side list at 1280 and 1024 px, a menu at 390 px); the time zone is
// chosen from the searchable list and its local time shows; the tip presets change and the
// server prices the new ones (the storefront's info and a cart); a promo code is created, a
// duplicate is refused with its message, and the store's code check accepts the new code.
// Everything changed is put back at the end (the journeys share one database).
import { expect, test, type Page } from '@playwright/test';
import { signInToDashboard } from './support/dashboard.js';
import { skipStoreEntry } from './support/store-entry.js';

const SETTINGS_URL = '/api/businessInfos/merchantId/demo/businessInfo/settings';
const INFO_URL = '/api/businessInfos/merchantId/demo/businessInfo';
const PROMO_URL = '/api/promoCodes/merchantId/demo';

test.beforeEach(({ page }) => skipStoreEntry(page));

const sectionOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openStorePane(page: Page) {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Store' })
    .click();
  await expect(page.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible();
}

async function saveSection(page: Page, name: string) {
  const section = sectionOf(page, name);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/merchantId/demo/businessInfo'),
  );
  await section.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(section.getByRole('button', { name: 'Save' })).toBeHidden();
}

for (const width of [1280, 1024]) {
  test(`the Store pane's index, time zone, tip presets and promo codes at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signInToDashboard(page);
    const original = (await (await page.request.get(SETTINGS_URL)).json()) as {
      timeZone: string;
      tipPresets: unknown;
    };
    await openStorePane(page);

    // The side list: a link per section; the address names the one chosen and it comes into view.
    const index = page.getByRole('navigation', { name: 'Store sections' });
    await expect(index).toBeVisible();
    await index.getByRole('link', { name: 'Promo codes' }).click();
    await expect(page).toHaveURL(/section=promo-codes/);
    const promo = sectionOf(page, 'Promo codes');
    await expect(promo).toBeInViewport();
    // The jump scrolls down only: the page never moves sideways.
    expect(await page.evaluate<number>('window.scrollX')).toBe(0);
    const indexBox = (await index.boundingBox())!;
    const promoBox = (await promo.boundingBox())!;
    expect(indexBox.x + indexBox.width).toBeLessThanOrEqual(promoBox.x);

    // Promo codes: create one, refuse the same code again, the store accepts it at once.
    const code = `E2E${width}`;
    await promo.getByRole('button', { name: 'Add code' }).click();
    await promo.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await promo.getByRole('textbox', { name: 'Percent off' }).fill('30');
    await promo.getByRole('button', { name: 'Save' }).click();
    await expect(promo.getByRole('rowheader', { name: code })).toBeVisible();
    await expect(promo.getByRole('row', { name: new RegExp(code) })).toContainText('30%');
    const lookUp = await page.request.get(`/api/businessInfos/merchantId/demo/promoCode/${code}`);
    expect(await lookUp.json()).toEqual({ code, percentageOff: 0.3 });
    await promo.getByRole('button', { name: 'Add code' }).click();
    await promo.getByRole('textbox', { name: 'Code' }).fill(code);
    await promo.getByRole('textbox', { name: 'Percent off' }).fill('10');
    await promo.getByRole('button', { name: 'Save' }).click();
    await expect(promo.getByTestId('section-failure')).toHaveText(
      'This store already has this code',
    );
    // Still written after the 1.5 s alert has gone.
    await page.waitForTimeout(2_000);
    await expect(promo.getByTestId('section-failure')).toBeVisible();
    await promo.getByRole('button', { name: 'Cancel' }).click();

    // Time zone: searched and chosen; the read view shows it and the local time there.
    await index.getByRole('link', { name: 'Time zone' }).click();
    await expect(page).toHaveURL(/section=time-zone/);
    const zone = sectionOf(page, 'Time zone');
    await zone.getByRole('button', { name: 'Edit Time zone' }).click();
    const box = zone.getByRole('combobox', { name: 'Time zone' });
    await box.fill('tokyo');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await saveSection(page, 'Time zone');
    await expect(zone.getByTestId('store-time-zone')).toHaveText('Asia/Tokyo');
    const tokyoNow = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      weekday: 'short',
    }).format(new Date());
    await expect(zone.getByTestId('store-local-time')).toContainText(tokyoNow);
    const info = await (await page.request.get(INFO_URL)).json();
    expect(info.timeZone).toBe('Asia/Tokyo');
    await page.screenshot({ path: `test-results/store-settings-${width}.png` });

    // Tip presets: the server's info and pricing follow.
    await index.getByRole('link', { name: 'Tip presets' }).click();
    const tips = sectionOf(page, 'Tip presets');
    await tips.getByRole('button', { name: 'Edit Tip presets' }).click();
    await tips.getByLabel(/^Tips offered/).fill('0, 12, 18');
    await tips.getByLabel('Default for Pickup').selectOption('18');
    for (const m of ['Delivery', 'Curbside', 'Dine-in', 'Room service']) {
      await tips.getByLabel(`Default for ${m}`).selectOption('12');
    }
    await saveSection(page, 'Tip presets');
    await expect(tips.getByTestId('tip-presets')).toHaveText('0% · 12% · 18% · Other');
    const after = await (await page.request.get(INFO_URL)).json();
    expect(after.tipPresets.percents).toEqual([0, 12, 18]);

    // Put back what the journey changed.
    const restore = await page.request.put(INFO_URL, {
      data: { timeZone: original.timeZone, tipPresets: original.tipPresets },
    });
    expect(restore.status()).toBe(200);
    const list = (await (await page.request.get(PROMO_URL)).json()) as {
      _id: string;
      code: string;
    }[];
    for (const p of list.filter((x) => x.code === code)) {
      await page.request.delete(`${PROMO_URL}/_id/${p._id}`);
    }
  });
}

test('the Store pane at 390 px: the index is a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDashboard(page);
  await openStorePane(page);
  await expect(page.getByRole('navigation', { name: 'Store sections' })).toBeHidden();
  await page.getByRole('button', { name: 'Jump to a store section' }).click();
  await page.getByRole('menuitem', { name: 'Tip presets' }).click();
  await expect(page).toHaveURL(/section=tip/);
  await expect(sectionOf(page, 'Tip presets')).toBeInViewport();
  expect(await page.evaluate<number>('window.scrollX')).toBe(0);
  await page.screenshot({ path: 'test-results/store-settings-390.png' });
});
