// Issue 27, C7.94 (docs/decisions/phone-orders.md): a phone order from the form to the board.
// Staff open "New phone order" in the Orders pane, pick items with a size and options (the
// spec's option-count text when a required choice is missing), get the spec's check-6 text without
// the caller's name, then place it: the order is on the board, selected, with its lines, the
// caller's name and cash. Screenshots at 390, 1024 and 1280 px; axe on the dialog.
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/domain/messages.js';
import { resetServerTime } from './support/clock.js';
import { expectNoBlockingViolations, signInToDashboard } from './support/dashboard.js';

test.afterEach(async ({ request }) => resetServerTime(request));

/** The real time, unless the demo store is on its Wednesday break (as dashboard-orders.spec). */
function openTime(): Date {
  const now = new Date();
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'long',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const weekday = parts.find((p) => p.type === 'weekday')?.value;
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const onBreak = weekday === 'Wednesday' && hour >= 14 && hour < 16;
  return onBreak ? new Date(now.getTime() - 3 * 3600_000) : now;
}

async function pickItem(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'New phone order' });
  const item = dialog.getByRole('combobox', { name: 'Item' });
  await item.fill(name.slice(0, 8));
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(item).toHaveValue(name);
}

test('a phone order typed by staff reaches the board', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const at = openTime();
  const r = await request.put('/api/test/clock', { data: { now: at.toISOString() } });
  expect(r.ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page);
  // A second tablet of the store (the kitchen's): its bell rings for the phone order.
  const kitchen = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await signInToDashboard(kitchen);

  await page.getByRole('button', { name: 'New phone order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New phone order' });
  await expect(dialog).toBeVisible();

  // Kung Pao Chicken: its Spice Level is required, exactly one.
  await pickItem(page, 'Kung Pao Chicken');
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.OPTION_COUNT);
  await dialog.getByRole('group', { name: 'Spice Level' }).getByText('Medium').click();
  await dialog.getByRole('group', { name: 'Add-ons' }).getByText('Fried Egg').click();
  const qty = dialog.getByRole('textbox', { name: 'Quantity' });
  await qty.fill('2');
  await qty.press('Tab');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('no peanuts');
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  const lines = dialog.getByRole('list', { name: 'Order lines' });
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  // (15.95 + 1.50) × 2
  await expect(lines).toContainText('2 × Kung Pao Chicken');
  await expect(lines).toContainText('Medium, Fried Egg, no peanuts');
  await expect(lines).toContainText('$34.90');

  // Yangzhou Fried Rice, Large.
  await pickItem(page, 'Yangzhou Fried Rice');
  await dialog.getByRole('radiogroup').getByText('Large').click();
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines).toContainText('1 × Yangzhou Fried Rice');
  await expect(lines).toContainText('$15.95');

  // Without the caller's name: the spec's check-6 text, nothing placed.
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('(212) 555-0142');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.PHONE_AND_NAME_REQUIRED);
  await dialog.getByRole('textbox', { name: 'Customer name' }).fill('Grace Hopper');
  await page.screenshot({ path: test.info().outputPath('phone-order-1280.png') });
  await expectNoBlockingViolations(page, 'phone order dialog', '.dash-dialog');

  const placed = page.waitForResponse(
    (res) =>
      res.request().method() === 'POST' &&
      /\/api\/orders7\/merchantId\/demo\/order$/.test(res.url()),
  );
  await dialog.getByRole('button', { name: 'Place order' }).click();
  const answer = await (await placed).json();
  expect(answer).toMatchObject({ state: 'placed', paymentMethod: 'cash', paid: false });
  await expect(dialog).toBeHidden();

  // The kitchen's tablet rings for it; the tablet that typed it does not (its staff know).
  const kitchenBell = kitchen.getByRole('dialog', { name: 'New order' });
  await expect(kitchenBell).toBeVisible();
  await expect(kitchenBell).toContainText(`#${answer.orderId}`);
  await kitchen.close();
  // An absence: give this tablet's feed the time the kitchen's took, and more, to (not) ring.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: 'New order' })).toBeHidden();

  // On the board, selected: its number, lines, the caller and cash.
  const detail = page.getByRole('region', { name: 'Selected order' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(`Order #${answer.orderId}`);
  const items = detail.getByRole('list', { name: 'Order items' });
  await expect(items).toContainText('Kung Pao Chicken');
  await expect(items).toContainText('Yangzhou Fried Rice');
  await expect(items).toContainText('Large');
  await expect(detail).toContainText('Grace Hopper');
  await expect(detail).toContainText(/Cash/i);
  const list = page.getByRole('list', { name: 'Orders in range' });
  await expect(list.getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-order-board-1280.png') });

  // The dialog at a phone's and a tablet's width.
  for (const width of [390, 1024]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.getByRole('button', { name: 'New phone order' }).click();
    await pickItem(page, 'Kung Pao Chicken');
    await page.screenshot({ path: test.info().outputPath(`phone-order-${width}.png`) });
    await page
      .getByRole('dialog', { name: 'New phone order' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page.getByRole('dialog', { name: 'New phone order' })).toBeHidden();
  }
});
