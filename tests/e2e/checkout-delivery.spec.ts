// Issue 11 journey: delivery with a suggested address, the fee by distance range, the minimum-order
// refusal, then the order placed with cash once the minimum is met (spec §4, §5 checks 5 and 8).
// Amounts on screen are checked against the server's answers.
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, fillSaved, latestCode, openCheckout, usd } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page);
  await setTime(page, request, TUESDAY_NOON);
});
test.afterEach(async ({ request }) => resetServerTime(request));

interface CartAnswer {
  amounts: { deliveryFeeCents: number; totalCents: number; subtotalCents: number };
  delivery: {
    ok: boolean;
    distanceMiles: number | null;
    shortByCents: number;
    minimumCents: number;
  } | null;
}

test('delivery: a suggested address, its fee, the minimum refused, then placed', async ({
  page,
  request,
}) => {
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Har Gow (4)');
  await openCheckout(page);
  await page.getByRole('radiogroup', { name: 'Method' }).getByText('Delivery').click();
  await expect(page.getByRole('radio', { name: 'Delivery' })).toBeChecked();
  // 15 % is delivery's default tip (spec §4).
  await expect(page.getByRole('radio', { name: '15%' })).toBeChecked();

  const address = page.getByRole('combobox', { name: 'Delivery address' });
  await address.pressSequentially('100 Centre St 10013', { delay: 20 });
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/'),
  );
  await option.click();
  const cart = (await (await saved).json()) as CartAnswer;
  expect(cart.delivery?.ok).toBe(true);
  expect(cart.amounts.deliveryFeeCents).toBe(299); // within 2 miles of the store
  const summary = page.getByRole('definition').filter({ hasText: usd(299) });
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(usd(cart.amounts.totalCents));
  // Issue 25: the fee's range and the shortfall show before Place (our inline hint).
  expect(cart.delivery?.shortByCents).toBe(2000 - cart.amounts.subtotalCents);
  const hint = page.getByRole('status').filter({ hasText: 'Delivery fee' });
  await expect(hint).toContainText(`Delivery fee ${usd(299)} (within 2 miles)`);
  await expect(hint).toContainText(
    `Add ${usd(2000 - cart.amounts.subtotalCents)} more for delivery (minimum ${usd(2000)})`,
  );

  await fillSaved(page, 'Name', 'Ada Lovelace');
  await fillSaved(page, 'Phone', '2125550199');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();

  // Under the $20.00 delivery minimum: refused with the spec's message, nothing placed.
  const refused = page.waitForResponse((r) => r.url().includes('/sendOrder/'));
  await page.getByRole('button', { name: /^Place the order/ }).click();
  const refusal = await refused;
  expect(refusal.status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: /minimum requirement/ })).toBeVisible();

  // Back to the menu for more, then place it.
  await page.getByRole('button', { name: 'Back to Menu' }).click();
  await addSimpleItem(page, 'Crab Rangoon (6)');
  await addSimpleItem(page, 'Scallion Pancake');
  await openCheckout(page);
  // The minimum is met now: the fee stays, the shortfall is gone.
  await expect(page.getByRole('status').filter({ hasText: 'Delivery fee' })).toBeVisible();
  await expect(page.getByText(/more for delivery/)).toHaveCount(0);
  await page.getByRole('button', { name: /^Place the order/ }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your phone' });
  await verify.getByRole('button', { name: 'Send code' }).click();
  await verify.getByLabel('Verification code').fill(await latestCode(request, '2125550199'));
  const sent = page.waitForResponse((r) => r.url().includes('/sendOrder/'));
  await verify.getByRole('button', { name: 'Confirm' }).click();
  const answer = (await (await sent).json()) as { _id: string; paymentMethod: string };
  expect(answer.paymentMethod).toBe('cash');
  await expect(page).toHaveURL(new RegExp(`/order_placed/${answer._id}$`));
  await expect(page.getByText('Delivery fee')).toBeVisible();
});
