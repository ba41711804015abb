// Screenshots of the checkout for review, desktop and phone (test-results/screens/, issue 11).
import { expect, test } from '@playwright/test';
import { addSimpleItem, fillSaved, openCheckout } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

test.beforeEach(({ page }) => skipStoreEntry(page));

for (const screen of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`checkout at ${screen.width}×${screen.height}`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await addSimpleItem(page, 'Crab Rangoon (6)');
    await openCheckout(page);
    await page.getByRole('radiogroup', { name: 'Method' }).getByText('Curbside').click();
    await expect(page.getByLabel('Car make and model')).toBeVisible();
    await fillSaved(page, 'Name', 'Ada Lovelace');
    await page.screenshot({ path: `test-results/screens/checkout-${screen.name}.png` });
    await page.getByRole('button', { name: /^Place the order/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/checkout-bottom-${screen.name}.png` });
  });
}

for (const screen of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`sign-in modal at ${screen.width}×${screen.height}`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Not Registered?' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/sign-up-${screen.name}.png` });
  });
}
