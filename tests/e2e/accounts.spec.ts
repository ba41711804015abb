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

test('a forgotten password: a link by email, a new password, signed in with it', async ({
  page,
  request,
}) => {
  const email = `forgot-${Date.now()}@example.com`;
  const made = await request.post('/api/usersAuth/userRegister', {
    data: { name: 'Grace H', email, password: 'OldPassw0rd', confirmPassword: 'OldPassw0rd' },
  });
  expect(made.status()).toBe(201);
  await page.goto('/store/demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('dialog', { name: 'Sign In' })
    .getByRole('button', { name: 'Forgot password?' })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  await expect(forgot.getByText(/If an account uses this email/)).toBeVisible();

  let link = '';
  for (let i = 0; i < 40 && !link; i++) {
    const r = await request.get('/api/dev/outbox?kind=email&limit=20');
    const { messages } = (await r.json()) as { messages: { to: string[]; body: string }[] };
    const m = messages.find((x) => x.to.includes(email));
    link = m?.body.match(/\/store\/demo\?resetToken=[A-Za-z0-9_-]{43}/)?.[0] ?? '';
    if (!link) await page.waitForTimeout(250);
  }
  expect(link).not.toBe('');
  await page.goto(link);
  const choose = page.getByRole('dialog', { name: 'Choose a new password' });
  await choose.getByLabel('New password', { exact: true }).fill('NewPassw0rd1');
  await choose.getByLabel('Confirm new password').fill('NewPassw0rd1');
  await choose.getByRole('button', { name: 'Change password' }).click();
  await expect(choose.getByText('Your password is changed. Please sign in with it.')).toBeVisible();
  await choose.getByRole('button', { name: 'Sign In' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill('NewPassw0rd1');
  await signIn.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Hi, Grace H' })).toBeVisible();
  // The used link has left the address bar.
  await expect(page).toHaveURL(/\/store\/demo$/);
});
