// Issue 11 journeys on promotions: a promo code refused (its message for 2 s), applied as a badge
// and removed; a BUY X GET Y FREE category; the free add-on item over the order promotion's
// amount (spec §4, §5). Amounts on screen are the server's.
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, fillSaved, openCheckout, usd } from './support/checkout.js';
import { placeOrder } from './support/place.js';
import { skipStoreEntry } from './support/store-entry.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page);
  await setTime(page, request, TUESDAY_NOON);
});
test.afterEach(async ({ request }) => resetServerTime(request));

interface CartAnswer {
  amounts: { discountCents: number; totalCents: number; subtotalCents: number };
  promoCode: { code: string; percentageOff: number } | null;
  freeAddon: { offered: boolean; freeItemNames: string[] };
  orderItems: { name: string; isFreePromo: boolean; lineTotalCents: number }[];
}
const isSave = (r: import('@playwright/test').Response) =>
  r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/');

test('a promo code refused, applied and removed', async ({ page }) => {
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Spring Rolls (2)');
  await openCheckout(page);
  const code = page.getByLabel('Promo code', { exact: true });

  await code.fill('expired5');
  await page.getByRole('button', { name: 'Apply' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Invalid promotion code.' });
  await expect(refused).toBeVisible();
  // The message goes after 2 seconds (spec §4).
  await expect(refused).toBeHidden({ timeout: 4_000 });

  await code.fill('welcome10');
  const applied = page.waitForResponse(isSave);
  await page.getByRole('button', { name: 'Apply' }).click();
  const cart = (await (await applied).json()) as CartAnswer;
  expect(cart.promoCode?.code).toBe('WELCOME10');
  expect(cart.amounts.discountCents).toBeGreaterThan(0);
  const badge = page.getByRole('button', { name: 'Remove promo code WELCOME10' });
  await expect(badge).toContainText('10% off');
  await expect(page.getByTestId('order-total')).toHaveText(usd(cart.amounts.totalCents));

  const removed = page.waitForResponse(isSave);
  await badge.click();
  const after = (await (await removed).json()) as CartAnswer;
  expect(after.promoCode).toBeNull();
  await expect(page.getByLabel('Promo code', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(usd(after.amounts.totalCents));
});

test('BUY 3 GET 1 FREE in Dim Sum: the cheapest of four is free', async ({ page }) => {
  await page.goto('/store/demo');
  // E3.25: the category's badge reads the spec's label beside the merchant's name for it.
  await expect(
    page.getByRole('region', { name: 'Dim Sum' }).getByText('Dim Sum Deal: BUY 3 GET 1 FREE'),
  ).toBeVisible();
  let last: Promise<import('@playwright/test').Response> | null = null;
  for (const name of ['Har Gow (4)', 'Siu Mai (4)', 'Har Gow (4)', 'Siu Mai (4)']) {
    last = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/orderItems/'),
    );
    await addSimpleItem(page, name);
  }
  const cart = (await (await last!).json()) as CartAnswer & { categoryDiscountCents: number };
  // Siu Mai (4) at $6.50 is the cheapest of the four: it is the free one.
  expect(cart.categoryDiscountCents).toBe(650);
  expect(cart.amounts.subtotalCents).toBe(695 * 2 + 650);
  // The same item added twice is one line of 2 (identical lines merge): Siu Mai's line is two
  // units, one of them free, so it costs one unit.
  const lines = page.getByRole('complementary', { name: 'Your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Siu Mai (4)' })).toContainText('2×');
  await expect(lines.filter({ hasText: 'Siu Mai (4)' })).toContainText(usd(650));
  await expect(lines.filter({ hasText: 'Har Gow (4)' })).toContainText(usd(695 * 2));
  await openCheckout(page);
  await expect(page.getByTestId('order-total')).toHaveText(usd(cart.amounts.totalCents));
});

test('over $40 the free add-on is offered, chosen and placed at $0', async ({ page, request }) => {
  await page.goto('/store/demo');
  // $46.35 of items without required choices.
  for (const name of [
    'Crab Rangoon (6)',
    'Crab Rangoon (6)',
    'Scallion Pancake',
    'Scallion Pancake',
    'Har Gow (4)',
  ])
    await addSimpleItem(page, name);
  await openCheckout(page);
  const promotion = page.getByRole('radiogroup', { name: 'Promotion' });
  await expect(promotion).toBeVisible();
  const chosen = page.waitForResponse(isSave);
  await promotion.getByText('Fortune Cookies (free)').click();
  const cart = (await (await chosen).json()) as CartAnswer;
  const free = cart.orderItems.find((l) => l.isFreePromo);
  expect(free?.name).toBe('Fortune Cookies');
  expect(free?.lineTotalCents).toBe(0);
  await fillSaved(page, 'Name', 'Free Lunch');
  await fillSaved(page, 'Phone', '2125550108');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  const answer = await placeOrder(page, request, '2125550108');
  expect(answer.totalCents).toBe(cart.amounts.totalCents);
  await expect(page.getByRole('list', { name: 'Your order' })).toContainText('Fortune Cookies');
  await expect(page.getByRole('list', { name: 'Your order' })).toContainText('Free');
});
