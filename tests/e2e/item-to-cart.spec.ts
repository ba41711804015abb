// Issue 11 journey: open an item, pick a size and options with the keyboard, add it, see the line
// and the subtotal the server's cart answer gives, remove it (S2.9, S2.13, S2.14, S2.19, S2.20,
// S2.24, S2.25, S2.28, T4.7).
import { expect, test, type Page } from '@playwright/test';
import { skipStoreEntry } from './support/store-entry.js';

// The store's arrival modals have their own journey (store-page-modals.spec.ts).
test.beforeEach(({ page }) => skipStoreEntry(page));

const EMPTY = 'Your cart is empty. Add items to get started.';
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Tabs until `name`d control has the focus (the journey never clicks for the add). */
async function tabTo(page: Page, role: 'button' | 'radio' | 'checkbox' | 'textbox', name: RegExp) {
  const target = page.getByRole(role, { name });
  for (let i = 0; i < 30; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(name)} never got the focus`);
}

test('a diner adds a sized item with options by keyboard, sees the server subtotal, removes it', async ({
  page,
}) => {
  await page.goto('/store/demo');
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText(EMPTY)).toBeVisible();

  const open = page.getByRole('button', { name: 'Yangzhou Fried Rice', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Yangzhou Fried Rice' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Up to 3')).toBeVisible();

  // Size: the first radio, then the arrow key moves the choice to Large.
  await tabTo(page, 'radio', /^Small/);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /^Large/ })).toBeChecked();
  // Two toppings.
  await tabTo(page, 'checkbox', /^Fried Egg/);
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: /^Bok Choy/ })).toBeChecked();
  // Quantity 2: the stepper's field takes the arrow keys (its +/− buttons are for pointers).
  await tabTo(page, 'textbox', /^Quantity/);
  await page.keyboard.press('ArrowUp');
  const add = dialog.getByRole('button', { name: /Add to Cart/ });
  await expect(add).toContainText(usd((1595 + 150 + 200) * 2));

  await tabTo(page, 'button', /^Add to Cart/);
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/orderItems/'),
  );
  await page.keyboard.press('Enter');
  const body = (await (await answer).json()) as {
    amounts: { subtotalCents: number };
    orderItems: { name: string; lineTotalCents: number }[];
  };
  await expect(dialog).toBeHidden();
  // Focus returns to the item that opened the modal.
  await expect(open).toBeFocused();

  const line = cart.getByRole('listitem', { name: 'Yangzhou Fried Rice' });
  await expect(line).toContainText('2×');
  await expect(line).toContainText('Large');
  await expect(line).toContainText('Fried Egg, Bok Choy');
  await expect(line).toContainText(usd(body.orderItems[0]!.lineTotalCents));
  await expect(cart.getByRole('button', { name: /^Checkout/ })).toHaveText(
    `Checkout ${usd(body.amounts.subtotalCents)}`,
  );
  expect(body.amounts.subtotalCents).toBe((1595 + 150 + 200) * 2);

  await line.getByRole('button', { name: 'Remove Yangzhou Fried Rice' }).click();
  await expect(cart.getByText(EMPTY)).toBeVisible();
});
