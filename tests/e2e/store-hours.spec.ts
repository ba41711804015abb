// Issue 11 journeys on the clock (tests/e2e/support/clock.ts): the store closed, a category out of
// its hours and a sold-out item, as the store page and the cart panel show them (S2.13, S2.19,
// T4.7; spec §2 "Store closed", "This item unavailable now.").
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { skipStoreEntry } from './support/store-entry.js';

// Wednesday 25 Nov 2026 in New York (UTC−5): the demo store breaks from 15:00 to 15:30, Dim Sum is
// served from 8:00 to 15:00.
const WED_1450 = '2026-11-25T19:50:00Z';
const WED_1510 = '2026-11-25T20:10:00Z';
const WED_1600 = '2026-11-25T21:00:00Z';

test.beforeEach(async ({ page }) => skipStoreEntry(page));
test.afterEach(async ({ request }) => resetServerTime(request));

test('a cart made before the break says Store closed during it, and Checkout after', async ({
  page,
  request,
}) => {
  await setTime(page, request, WED_1450);
  await page.goto('/store/demo');
  await page.getByRole('button', { name: 'Har Gow (4)', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Har Gow (4)' });
  await dialog.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByRole('button', { name: /^Checkout/ })).toBeVisible();

  // During the break the server says the store is closed, and the cart panel shows it.
  await request.put('/api/test/clock', { data: { now: WED_1510 } });
  await page.reload();
  await expect(cart.getByText('Store closed')).toBeVisible();
  await expect(cart.getByRole('button', { name: /^Checkout/ })).toHaveCount(0);

  // After the break Dim Sum is out of its hours: the line cannot be ordered any more.
  await request.put('/api/test/clock', { data: { now: WED_1600 } });
  await page.reload();
  const removeUnavailable = cart.getByRole('button', { name: 'Remove unavailable items' });
  await expect(removeUnavailable).toBeVisible();
  await removeUnavailable.click();
  await expect(cart.getByText('Your cart is empty. Add items to get started.')).toBeVisible();
});

test('sold-out and out-of-hours items show why and cannot be added', async ({ page, request }) => {
  await setTime(page, request, WED_1600);
  await page.goto('/store/demo');
  const soldOutCard = page.getByRole('article', { name: 'Peking Duck (Whole)' });
  await expect(soldOutCard).toContainText('Sold out');
  await soldOutCard.getByRole('button', { name: 'Peking Duck (Whole)', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Peking Duck (Whole)' });
  await expect(dialog.getByRole('status')).toHaveText('Sold out');
  await expect(dialog.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();
  await page.keyboard.press('Escape');

  const lateCard = page.getByRole('article', { name: 'Har Gow (4)' });
  await expect(lateCard.locator('.badge--unavailable')).toBeVisible();
  await lateCard.getByRole('button', { name: 'Har Gow (4)', exact: true }).click();
  const lateDialog = page.getByRole('dialog', { name: 'Har Gow (4)' });
  await expect(lateDialog.getByRole('status')).toBeVisible();
  await expect(lateDialog.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();
});
