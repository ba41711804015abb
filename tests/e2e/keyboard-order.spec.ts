// Issue 11: the whole order placed with the keyboard only — Tab, Enter, Space, arrows and typing;
// no click from item to order-placed page.
import { expect, test, type Page } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { latestCode } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page);
  await setTime(page, request, TUESDAY_NOON);
});
test.afterEach(async ({ request }) => resetServerTime(request));

type Role = 'button' | 'radio' | 'textbox' | 'link';

/** Tabs forward until the named control has the focus. */
async function tabTo(page: Page, role: Role, name: string | RegExp, limit = 120) {
  const target = page.getByRole(role, { name, exact: typeof name === 'string' }).first();
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(name)} never got the focus`);
}

test('a diner orders pickup paid in cash with the keyboard only', async ({ page, request }) => {
  await page.goto('/store/demo');
  await expect(page.getByRole('article').first()).toBeVisible();

  await tabTo(page, 'button', 'Spring Rolls (2)');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Spring Rolls (2)' });
  await expect(dialog).toBeVisible();
  await tabTo(page, 'button', /^Add to Cart/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // From the item back to the page's first link, "Skip to cart", then into the cart.
  const skip = page.getByRole('link', { name: 'Skip to cart' });
  for (
    let i = 0;
    i < 60 && !(await skip.evaluate((el) => el === el.ownerDocument.activeElement));
    i++
  )
    await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, 'button', /^Checkout/, 10);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Place the order/ })).toBeVisible();

  await tabTo(page, 'textbox', 'Name');
  await page.keyboard.type('Key Board');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2125550111');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/'),
  );
  await page.keyboard.press('Tab');
  await saved;

  // Payment: the arrow key moves the choice from Credit Card to Cash.
  await tabTo(page, 'radio', 'Credit Card');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();

  await tabTo(page, 'button', /^Place the order/);
  await page.keyboard.press('Enter');
  const verify = page.getByRole('dialog', { name: 'Verify your phone' });
  await expect(verify).toBeVisible();
  await tabTo(page, 'button', 'Send code', 10);
  await page.keyboard.press('Enter');
  const code = verify.getByRole('textbox', { name: 'Verification code' });
  await expect(code).toBeFocused();
  await page.keyboard.type(await latestCode(request, '2125550111'));
  const sent = page.waitForResponse((r) => r.url().includes('/sendOrder/') && r.ok());
  await page.keyboard.press('Enter');
  const answer = (await (await sent).json()) as { _id: string; paymentMethod: string };
  expect(answer.paymentMethod).toBe('cash');
  await expect(page).toHaveURL(new RegExp(`/order_placed/${answer._id}$`));
  await expect(page.getByRole('heading', { name: /order has been placed/ })).toBeVisible();
});
