// Issue 11 journey: a diner registers (success message, then signed in automatically after 5 s),
// sees the empty order history, orders signed in (no phone code asked), then finds the order in
// the history and the points earned; signs out and in again (spec §2, §4 "Auth modal").
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, fillSaved, openCheckout } from './support/checkout.js';
import { placeOrder } from './support/place.js';
import { skipStoreEntry } from './support/store-entry.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page);
  await setTime(page, request, TUESDAY_NOON);
});
test.afterEach(async ({ request }) => resetServerTime(request));

test('register, order signed in, history and loyalty points, sign out and in', async ({
  page,
  request,
}) => {
  const email = `diner-${Date.now()}@example.com`;
  await page.goto('/store/demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const modal = page.getByRole('dialog', { name: 'Sign In' });
  await modal.getByRole('button', { name: 'Not Registered?' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await signUp.getByLabel('User name').fill('Ada L');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill('short');
  await signUp.getByLabel('Confirm password').fill('short');
  await signUp.getByLabel('Confirm password').blur();
  await expect(signUp.getByText(/Password needs to be minimum eight characters/)).toBeVisible();
  await signUp.getByLabel('Password', { exact: true }).fill('Lovelace1815');
  await signUp.getByLabel('Confirm password').fill('Lovelace1815');
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    signUp.getByText('You have succesfully registered! Will automatically log you in soon..'),
  ).toBeVisible();
  // Signed in automatically after 5 seconds.
  await expect(page.getByRole('button', { name: 'Hi, Ada L' })).toBeVisible({ timeout: 10_000 });

  await page.getByRole('button', { name: 'Hi, Ada L' }).click();
  const account = page.getByRole('dialog', { name: 'Your account' });
  await account.getByRole('tab', { name: 'Order History' }).click();
  await expect(account.getByText("You don't have any order yet!")).toBeVisible();
  await page.keyboard.press('Escape');

  await addSimpleItem(page, 'Crab Rangoon (6)');
  await openCheckout(page);
  await fillSaved(page, 'Name', 'Ada Lovelace');
  await fillSaved(page, 'Phone', '2125550181');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  // Signed in: no phone code is asked.
  const order = await placeOrder(page, request, null);

  await page.goto('/store/demo');
  await page.getByRole('button', { name: 'Hi, Ada L' }).click();
  await account.getByRole('tab', { name: 'Order History' }).click();
  await expect(account.getByRole('list', { name: 'Your orders' })).toContainText('Golden Lotus');
  await expect(account.getByRole('list', { name: 'Your orders' })).toContainText(
    `$${(order.totalCents / 100).toFixed(2)}`,
  );
  await account.getByRole('tab', { name: 'Loyalty Level' }).click();
  await expect(account.getByText(/Points available: \d+/)).toBeVisible();
  const points = Number(
    (await account.getByText(/Points available/).textContent())?.match(/\d+/)?.[0],
  );
  expect(points).toBeGreaterThan(0);

  await account.getByRole('tab', { name: 'User Info' }).click();
  await account.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByText('Please enter username and password to login')).toBeVisible();
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill('Lovelace1815');
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Hi, Ada L' })).toBeVisible();
});
