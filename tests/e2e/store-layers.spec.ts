// Issue 25: the store page at a phone's and a laptop's width, asserting geometry, not only
// presence — the menu keeps the screen's width with a full cart, nothing overflows sideways, the
// phone's cart bar never covers the last item — and each layer (item, cart sheet, checkout) in the
// URL: Back closes it and gives the menu its scroll back, Forward reopens it, a refresh keeps it
// (the checkout with its saved choices). Screenshots of every layer go to test-results/screens/
// (they replace store-cart-screens' item-modal-* and cart-*). The dine-in link's refresh and Back
// are in checkout-methods.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { addSimpleItem, fillSaved, openCheckout } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

test.beforeEach(({ page }) => skipStoreEntry(page));

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png` });

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function expectNoSidewaysOverflow(page: Page) {
  // Expressions run in the page (the tests are typed without the DOM library).
  const { scrollWidth, innerWidth } = await page.evaluate<{
    scrollWidth: number;
    innerWidth: number;
  }>('({ scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth })');
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * The other widths the layout must hold at (issue 25: 360, 414, 768 px beside 390 and 1280), in
 * the state the page is in; the page's own width comes back after.
 */
async function expectHoldsAtOtherWidths(page: Page, menuShown: boolean) {
  const size = page.viewportSize();
  for (const width of [360, 414, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysOverflow(page);
    if (menuShown && width < 640) {
      const menu = await page.getByRole('main', { name: 'Menu' }).boundingBox();
      expect(menu?.width ?? 0).toBeGreaterThanOrEqual(0.9 * width);
    }
  }
  if (size) await page.setViewportSize(size);
}

const scrollY = (page: Page) => page.evaluate<number>('Math.round(window.scrollY)');
const scrollTo = (page: Page, y: number | 'bottom') =>
  page.evaluate(
    `window.scrollTo(0, ${y === 'bottom' ? 'document.documentElement.scrollHeight' : String(y)})`,
  );

for (const screen of [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  const phone = screen.width < 640;

  test(`layers in the URL, Back, Forward and refresh at ${screen.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await expectNoSidewaysOverflow(page);
    if (phone) await expectHoldsAtOtherWidths(page, true);

    // An item with options, through its modal (?item=<id>).
    await page.getByRole('button', { name: 'Crispy Chicken Wings (8)', exact: true }).click();
    const wings = page.getByRole('dialog', { name: 'Crispy Chicken Wings (8)' });
    await expect(wings).toBeVisible();
    await expect(page).toHaveURL(/\/store\/demo\?item=[^&]+$/);
    if (phone) await expectHoldsAtOtherWidths(page, false);
    await page.waitForLoadState('networkidle');
    await shot(page, `item-modal-${screen.name}`);
    await wings.getByText('Plum Sauce').click();
    await wings.getByText('Hot Mustard').click();
    await wings.getByRole('button', { name: /^Add to Cart/ }).click();
    await expect(wings).toBeHidden();
    await expect(page).toHaveURL(/\/store\/demo$/);
    await addSimpleItem(page, 'Crab Rangoon (6)');
    await addSimpleItem(page, 'Spring Rolls (2)');

    // The full cart: the menu keeps the screen (the bar used to squeeze it to ~50 px).
    const bar = page.getByRole('button', { name: /^View cart \(3 items\)/ });
    if (phone) await expect(bar).toBeVisible();
    else await expect(page.getByRole('button', { name: /^Checkout/ })).toBeVisible();
    const menu = page.getByRole('main', { name: 'Menu' });
    const menuWidth = (await menu.boundingBox())?.width ?? 0;
    if (phone) expect(menuWidth).toBeGreaterThanOrEqual(0.9 * screen.width);
    else expect(menuWidth).toBeGreaterThanOrEqual(480);
    await expectNoSidewaysOverflow(page);
    if (phone) await expectHoldsAtOtherWidths(page, true);
    await shot(page, `menu-full-cart-${screen.name}`);

    // At the bottom, the bar is below the last item and the footer's links, never over them.
    await scrollTo(page, 'bottom');
    if (phone) {
      const barTop = (await page.locator('.cart-bar').boundingBox())?.y ?? 0;
      const lastCard = await page.locator('.item-card').last().boundingBox();
      const lastLink = await page.locator('.site-footer a').last().boundingBox();
      expect((lastCard?.y ?? 0) + (lastCard?.height ?? 0)).toBeLessThanOrEqual(barTop);
      expect((lastLink?.y ?? 0) + (lastLink?.height ?? 0)).toBeLessThanOrEqual(barTop);
    }
    await shot(page, `menu-bottom-${screen.name}`);

    // Back closes the item and the menu stays where it was; Forward reopens it; refresh keeps it.
    await scrollTo(page, 1200);
    const har = page.getByRole('button', { name: 'Har Gow (4)', exact: true });
    await har.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    await har.click();
    const harDialog = page.getByRole('dialog', { name: 'Har Gow (4)' });
    await expect(harDialog).toBeVisible();
    await page.goBack();
    await expect(harDialog).toBeHidden();
    await expect(page).toHaveURL(/\/store\/demo$/);
    expect(await scrollY(page)).toBe(before);
    await page.goForward();
    await expect(harDialog).toBeVisible();
    await page.reload();
    await expect(harDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(harDialog).toBeHidden();
    await expect(page).toHaveURL(/\/store\/demo$/);

    // The phone's cart sheet (?view=cart).
    if (phone) {
      await bar.click();
      await expect(page).toHaveURL(/\?view=cart$/);
      await expect(page.getByRole('complementary', { name: 'Your cart' })).toBeVisible();
      await expectNoSidewaysOverflow(page);
      await expectHoldsAtOtherWidths(page, false);
      await shot(page, `cart-${screen.name}`);
      await page.goBack();
      await expect(page.getByRole('complementary', { name: 'Your cart' })).toBeHidden();
      await page.goForward();
      await expect(page.getByRole('complementary', { name: 'Your cart' })).toBeVisible();
      await page.goBack();
    } else {
      await shot(page, `cart-${screen.name}`);
    }

    // The checkout page (?view=checkout) replaces the menu.
    await scrollTo(page, 900);
    const menuScroll = await scrollY(page);
    await openCheckout(page);
    await expect(page).toHaveURL(/\/store\/demo\?view=checkout$/);
    const checkout = page.getByRole('main', { name: 'Checkout' });
    await expect(checkout).toBeVisible();
    await expect(menu).toBeHidden();
    await fillSaved(page, 'Name', 'Ada Lovelace');
    await expectNoSidewaysOverflow(page);
    if (phone) await expectHoldsAtOtherWidths(page, false);
    const pageBox = await checkout.boundingBox();
    const form = await page.getByRole('region', { name: 'Method' }).boundingBox();
    const summary = await page.getByRole('region', { name: 'Summary' }).boundingBox();
    if (screen.width >= 1184) {
      // Two columns: the summary beside the form, on the same screen.
      expect(summary?.x ?? 0).toBeGreaterThan((form?.x ?? 0) + (form?.width ?? 0));
      expect(summary?.y ?? Infinity).toBeLessThan(screen.height);
      // The page scrolls as one: the summary column (card fields, Place) has no scroll of its own.
      const column = page.locator('.checkout-bottom');
      expect(await column.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(
        1,
      );
      await expect(column).toHaveCSS('overflow-y', 'visible');
    } else {
      // One column at the screen's width (a full-screen step on a phone: no store header).
      expect(pageBox?.width ?? 0).toBeGreaterThanOrEqual(0.9 * screen.width);
      expect(summary?.y ?? 0).toBeGreaterThan((form?.y ?? 0) + (form?.height ?? 0));
      await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    }
    await scrollTo(page, 0);
    await shot(page, `checkout-page-${screen.name}`);

    // Refresh keeps the checkout and its saved choices; the card is not kept and the page says so.
    await page.reload();
    await expect(checkout).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
    await expect(checkout.getByText(/Card details are never saved/)).toBeVisible();
    await shot(page, `checkout-page-refreshed-${screen.name}`);

    // Back: the layer below (on a phone the checkout came from the cart sheet), then the menu,
    // scrolled where it was left; Forward: the checkout again.
    await page.goBack();
    await expect(menu).toBeVisible();
    await expect(checkout).toBeHidden();
    if (phone) {
      await expect(page).toHaveURL(/\/store\/demo\?view=cart$/);
      await expect(page.getByRole('complementary', { name: 'Your cart' })).toBeVisible();
      await page.goBack();
    }
    await expect(page).toHaveURL(/\/store\/demo$/);
    expect(Math.abs((await scrollY(page)) - menuScroll)).toBeLessThanOrEqual(2);
    await expectNoSidewaysOverflow(page);
    await shot(page, `after-back-${screen.name}`);
    await page.goForward();
    if (phone) await page.goForward();
    await expect(checkout).toBeVisible();
    await page.getByRole('button', { name: 'Back to Menu' }).click();
    await expect(menu).toBeVisible();
    await expect(page).toHaveURL(/\/store\/demo$/);
  });
}

test('a shared item link opens the item; a checkout link with an empty cart shows the menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/store/demo?view=checkout');
  await expect(page).toHaveURL(/\/store\/demo$/);
  await expect(page.getByRole('main', { name: 'Menu' })).toBeVisible();
  const id = await page.request
    .get('/api/items7/merchantId/demo/items')
    .then((r) => r.json() as Promise<{ _id: string; name: string }[]>)
    .then((items) => items.find((i) => i.name === 'Har Gow (4)')?._id);
  await page.goto(`/store/demo?item=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Har Gow (4)' });
  await expect(dialog).toBeVisible();
  // Closing a layer the diner arrived on shows the menu in its place (there is nothing behind).
  await dialog.getByRole('button', { name: /close/i }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/store\/demo$/);
});
