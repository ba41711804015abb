// Smoke journey of issue 2: the store and the merchant sign-in answer on the built app.
import { expect, test, type Page } from '@playwright/test';
import { skipStoreEntry } from './support/store-entry.js';

// The store's arrival modals have their own journey (store-page-modals.spec.ts).
test.beforeEach(({ page }) => skipStoreEntry(page));

const DEMO = { merchantId: 'demo', password: 'Demo1234', name: 'Golden Lotus' };

function menuHeadings(page: Page) {
  return page.getByRole('main', { name: 'Menu' }).getByRole('heading', { level: 2 });
}

test('the demo store shows the restaurant name and its categories', async ({ page }) => {
  await page.goto('/store/demo');
  await expect(page.getByRole('heading', { level: 1, name: DEMO.name })).toBeVisible();
  await expect(menuHeadings(page).nth(11)).toBeVisible();
  expect(await menuHeadings(page).count()).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole('complementary', { name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('a slow menu shows its loading message after a moment, not as a flash at once', async ({
  page,
}) => {
  // The page's reads are preloaded with it and usually arrive with its script: the message is
  // hidden for its first 400 ms (styles.css, .status-panel--delayed), then shown while the wait
  // lasts. The page records the message's visibility as it is inserted (no round trip to race).
  // Strings, not functions: the journeys are compiled without the DOM library.
  await page.addInitScript({
    content: `window.loadingSeen = [];
      new MutationObserver(() => {
        const panel = document.querySelector('.status-panel--delayed');
        if (panel && window.loadingSeen.length === 0)
          window.loadingSeen.push(getComputedStyle(panel).visibility);
      }).observe(document, { childList: true, subtree: true });`,
  });
  await page.route('**/api/categories7/merchantId/demo', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto('/store/demo');
  const loading = page.getByText('Loading the menu…');
  await expect(loading).toBeVisible();
  expect(await page.evaluate('window.loadingSeen')).toEqual(['hidden']);
  await expect(menuHeadings(page).first()).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('the site root and unknown paths lead to the demo store outside production', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/store\/demo$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.name })).toBeVisible();
});

test('an unknown merchant is sent to the site root, which shows the demo store', async ({
  page,
}) => {
  await page.goto('/store/nope');
  await expect(page).toHaveURL(/\/store\/demo$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.name })).toBeVisible();
});

test('the merchant sign-in page answers with the sign-in form', async ({ page }) => {
  const response = await page.goto('/merchant/login');
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel('Merchant ID')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a wrong password shows the server message and stays on the sign-in page', async ({
  page,
}) => {
  await page.goto('/merchant/login');
  await page.getByLabel('Merchant ID').fill(DEMO.merchantId);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials provided');
  await expect(page).toHaveURL(/\/merchant\/login$/);
});

test('a merchant signs in with the keyboard only and lands on the dashboard', async ({ page }) => {
  await page.goto('/merchant/login');
  const merchantId = page.getByLabel('Merchant ID');
  await expect(merchantId).toBeFocused();
  await page.keyboard.type(DEMO.merchantId);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/merchant\/merchantId\/demo$/);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }),
  ).toHaveAttribute('aria-current', 'page');

  // Signed in, the sign-in page sends the merchant straight back to the dashboard.
  await page.goto('/merchant/login');
  await expect(page).toHaveURL(/\/merchant\/merchantId\/demo$/);

  // Signing out ends the session: the dashboard then sends to the sign-in page.
  await page.getByRole('button', { name: 'Sign out' }).press('Enter');
  await expect(page).toHaveURL(/\/merchant\/login$/);
  await page.goto('/merchant/merchantId/demo');
  await expect(page).toHaveURL(/\/merchant\/login$/);
});

test('the dashboard sends a visitor who is not signed in to the sign-in page', async ({ page }) => {
  await page.goto('/merchant/merchantId/demo');
  await expect(page).toHaveURL(/\/merchant\/login$/);
});

test('the static documents are reachable from the store footer', async ({ page }) => {
  await page.goto('/store/demo');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/document\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.goto('/document/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
