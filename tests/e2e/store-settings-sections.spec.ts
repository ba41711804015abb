// Issue 28 journey: the Store pane as a settings page. The section index jumps to a section and
// names it in the address (side list at 1280 and 1024 px, a menu at 390 px); the time zone is
// chosen from the searchable list and its local time shows; the tip presets change and the
// server prices the new ones (the storefront's info and a cart); a promo code is created, a
// duplicate is refused with its message, and the store's code check accepts the new code.
// Everything changed is put back at the end (the journeys share one database).
import { expect, test, type Page } from '@playwright/test';
import { addSimpleItem, openCheckout, usd } from './support/checkout.js';
import { resetServerTime, setTime } from './support/clock.js';
import { signInToDashboard } from './support/dashboard.js';
import { skipStoreEntry } from './support/store-entry.js';

const SETTINGS_URL = '/api/businessInfos/merchantId/demo/businessInfo/settings';
const INFO_URL = '/api/businessInfos/merchantId/demo/businessInfo';
const PROMO_URL = '/api/promoCodes/merchantId/demo';

test.beforeEach(({ page }) => skipStoreEntry(page));
test.afterEach(({ request }) => resetServerTime(request));

/**
 * Wednesday 15:10 in Tokyo (01:10 in New York): the demo store's Wednesday break runs 3:00 to
 * 3:30 PM, so the store page says closed in Tokyo's time and open in New York's.
 */
const TOKYO_WEDNESDAY_BREAK = '2026-11-25T06:10:00Z';

interface CartAnswer {
  amounts: { subtotalCents: number; tipsCents: number; discountCents: number; totalCents: number };
  promoCode: { code: string; percentageOff: number } | null;
}
const isCartSave = (r: import('@playwright/test').Response) =>
  r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/');

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
    browser,
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

    // The storefront follows, seen by diners in their own browsers (a fake clock belongs to the
    // whole context). Times: the store page reads the hours in the new zone.
    const storeContext = await browser.newContext({ viewport: { width, height: 900 } });
    const store = await storeContext.newPage();
    await skipStoreEntry(store);
    await setTime(store, page.request, TOKYO_WEDNESDAY_BREAK);
    await store.goto('/store/demo');
    const hoursLine = store.getByRole('button', { name: /Hours$/ });
    await expect(hoursLine).toContainText('Closed — opens 3:30 PM');
    await hoursLine.click();
    const hoursDialog = store.getByRole('dialog', { name: 'Opening hours' });
    await expect(hoursDialog).toContainText('Times are the store’s local time (GMT+9).');
    await expect(hoursDialog.locator('[aria-current="date"]')).toContainText('Wednesday (today)');
    await store.screenshot({ path: `test-results/store-settings-storefront-hours-${width}.png` });
    await storeContext.close();
    await resetServerTime(page.request);

    // Tips and the code at checkout, at the real time: the new presets offered, the method's
    // default chosen, the server pricing the one picked; the new code accepted.
    const shopContext = await browser.newContext({ viewport: { width, height: 900 } });
    const shop = await shopContext.newPage();
    await skipStoreEntry(shop);
    await shop.goto('/store/demo');
    await addSimpleItem(shop, 'Spring Rolls (2)');
    await openCheckout(shop);
    await shop.getByRole('radiogroup', { name: 'Method' }).getByText('Pickup').click();
    const tipGroup = shop.getByRole('radiogroup', { name: 'Tips' });
    await expect(tipGroup.getByRole('radio')).toHaveCount(4);
    for (const label of ['0%', '12%', '18%', 'Other']) {
      await expect(tipGroup.getByRole('radio', { name: label, exact: true })).toBeAttached();
    }
    await expect(tipGroup.getByRole('radio', { name: '18%', exact: true })).toBeChecked();
    const tipped = shop.waitForResponse(isCartSave);
    await tipGroup.getByText('12%', { exact: true }).click();
    const priced = (await (await tipped).json()) as CartAnswer;
    expect(
      Math.abs(priced.amounts.tipsCents - priced.amounts.subtotalCents * 0.12),
    ).toBeLessThanOrEqual(0.5);
    expect(priced.amounts.tipsCents).toBeGreaterThan(0);

    await shop.getByLabel('Promo code', { exact: true }).fill(code.toLowerCase());
    const applied = shop.waitForResponse(isCartSave);
    await shop.getByRole('button', { name: 'Apply' }).click();
    const discounted = (await (await applied).json()) as CartAnswer;
    expect(discounted.promoCode).toEqual({ code, percentageOff: 0.3 });
    expect(discounted.amounts.discountCents).toBe(
      Math.round(discounted.amounts.subtotalCents * 0.3),
    );
    await expect(shop.getByRole('button', { name: `Remove promo code ${code}` })).toContainText(
      '30% off',
    );
    await expect(shop.getByTestId('order-total')).toHaveText(usd(discounted.amounts.totalCents));
    await shop.screenshot({ path: `test-results/store-settings-checkout-${width}.png` });
    await shopContext.close();

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
