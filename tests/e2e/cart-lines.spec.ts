// Issue 25 journeys: a cart line's quantity changed with its stepper and its choice changed with
// Edit (the item modal reopened on the line, Update), checked against the server's answers; the
// store header's hours with the week one press away. Screenshots of the line controls, the
// delivery hint and the week's hours at 390 and 1280 px go to test-results/screens/.
import { expect, test, type Page } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, openCheckout, usd } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

// Wednesday 25 Nov 2026, 3:10 PM in New York: the demo store's break; Tuesday noon: open.
const WED_BREAK = '2026-11-25T20:10:00Z';
const TUESDAY_NOON = '2026-11-24T17:00:00Z';

interface CartAnswer {
  orderItems: { _id: string; name: string; qty: number; size: string; lineTotalCents: number }[];
  amounts: { subtotalCents: number };
}

test.beforeEach(({ page }) => skipStoreEntry(page));
test.afterEach(async ({ request }) => resetServerTime(request));

const lineChange = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/orderItems/'));

async function openCart(page: Page) {
  const bar = page.getByRole('button', { name: /^View cart/ });
  if (await bar.isVisible()) await bar.click();
  return page.getByRole('complementary', { name: 'Your cart' });
}

for (const screen of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`a line's quantity and choice change in the cart at ${screen.width} px`, async ({
    page,
    request,
  }) => {
    await setTime(page, request, TUESDAY_NOON);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await addSimpleItem(page, 'Scallion Pancake');
    const cart = await openCart(page);
    const line = cart.getByRole('listitem', { name: 'Scallion Pancake' });
    const stepper = line.getByRole('group', { name: 'Quantity of Scallion Pancake' });
    await expect(stepper.getByRole('status')).toHaveText('1');
    await expect(
      stepper.getByRole('button', { name: 'One fewer Scallion Pancake' }),
    ).toBeDisabled();

    const more = lineChange(page);
    await stepper.getByRole('button', { name: 'One more Scallion Pancake' }).click();
    const answer = (await (await more).json()) as CartAnswer;
    expect(answer.orderItems[0]!.qty).toBe(2);
    await expect(stepper.getByRole('status')).toHaveText('2');
    await expect(line).toContainText(usd(answer.orderItems[0]!.lineTotalCents));
    await expect(cart.getByRole('button', { name: /^Checkout/ })).toContainText(
      usd(answer.amounts.subtotalCents),
    );
    await page.screenshot({ path: `test-results/screens/cart-line-controls-${screen.name}.png` });

    // Edit reopens the item modal on the line; Update changes the line, not a new one.
    await line.getByRole('button', { name: 'Edit Scallion Pancake' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scallion Pancake' });
    await expect(dialog.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    await dialog.getByRole('button', { name: 'Increase' }).click();
    const updated = lineChange(page);
    await dialog.getByRole('button', { name: /^Update/ }).click();
    const after = (await (await updated).json()) as CartAnswer;
    await expect(dialog).toBeHidden();
    expect(after.orderItems).toHaveLength(1);
    expect(after.orderItems[0]!.qty).toBe(3);
    await expect(stepper.getByRole('status')).toHaveText('3');
  });

  test(`the delivery hint and the week's hours at ${screen.width} px (screenshots)`, async ({
    page,
    request,
  }) => {
    await setTime(page, request, WED_BREAK);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    const hours = page.getByRole('button', { name: /^Closed — opens 3:30 PM/ });
    await expect(hours).toBeVisible();
    await hours.click();
    const week = page.getByRole('dialog', { name: 'Opening hours' });
    await expect(week.getByText('Wednesday (today)')).toBeVisible();
    await page.screenshot({ path: `test-results/screens/store-hours-week-${screen.name}.png` });
    await week.getByRole('button', { name: 'Close' }).click();
    await expect(week).toBeHidden();

    await setTime(page, request, TUESDAY_NOON);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Open until Wed 3:00 PM/ })).toBeVisible();
    await addSimpleItem(page, 'Har Gow (4)');
    await openCheckout(page);
    await page.getByRole('radiogroup', { name: 'Method' }).getByText('Delivery').click();
    const address = page.getByRole('combobox', { name: 'Delivery address' });
    await address.pressSequentially('100 Centre St 10013', { delay: 20 });
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/'),
    );
    await page.getByRole('option').first().click();
    const cart = (await (await saved).json()) as CartAnswer;
    const hint = page.getByRole('status').filter({ hasText: 'Delivery fee' });
    await expect(hint).toContainText(
      `Add ${usd(2000 - cart.amounts.subtotalCents)} more for delivery`,
    );
    await hint.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/delivery-hint-${screen.name}.png` });
  });
}
