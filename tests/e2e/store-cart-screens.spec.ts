// Screenshots of the item modal and a filled cart for review, desktop and phone, written to
// test-results/screens/ (issue 11).
import { expect, test } from '@playwright/test';
import { skipStoreEntry } from './support/store-entry.js';

// The store's arrival modals have their own journey (store-page-modals.spec.ts).
test.beforeEach(({ page }) => skipStoreEntry(page));

const screens = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
];

for (const screen of screens) {
  test(`item modal and filled cart at ${screen.width}×${screen.height}`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await page.getByRole('button', { name: 'Crispy Chicken Wings (8)', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `test-results/screens/item-modal-${screen.name}.png` });
    await dialog.getByText('Plum Sauce').click();
    await dialog.getByText('Hot Mustard').click();
    await dialog.getByRole('button', { name: 'Show More' }).click();
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Yangzhou Fried Rice', exact: true }).click();
    await page.getByRole('dialog').getByText('Large').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    if (screen.width < 640) await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/cart-${screen.name}.png` });
  });
}
