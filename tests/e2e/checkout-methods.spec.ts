// Issue 11 journeys, one per order method beyond pickup and delivery: dine-in from a table's
// link, curbside with the car fields (check 3's message first), room service charged to the
// room (no phone needed), and a scheduled order with a day and a slot (spec §4, §5).
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, fillSaved, openCheckout, usd } from './support/checkout.js';
import { placeOrder } from './support/place.js';
import { skipStoreEntry } from './support/store-entry.js';

// Tuesday 24 Nov 2026, 12:00 in New York.
const TUESDAY_NOON = '2026-11-24T17:00:00Z';

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page);
  await setTime(page, request, TUESDAY_NOON);
});
test.afterEach(async ({ request }) => resetServerTime(request));

const placed = (request: import('@playwright/test').APIRequestContext, id: string) =>
  request.get(`/api/orderPlaced/merchantId/demo/order/_id/${id}`).then((r) => r.json());

test('dine-in from a table link: the table is the method, paid in cash', async ({
  page,
  request,
}) => {
  await page.goto('/store/demo/dinein/T5');
  await addSimpleItem(page, 'Spring Rolls (2)');
  await openCheckout(page);
  await expect(page.getByRole('radio', { name: 'Dine-in · Table T5' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Pickup' })).toHaveCount(0);
  await fillSaved(page, 'Name', 'Table Five');
  // Issue 25: the checkout is in the table link's query, so a refresh keeps the table and the
  // checkout with its saved choices; Back shows the table's menu, Forward the checkout again.
  await expect(page).toHaveURL(/\/store\/demo\/dinein\/T5\?view=checkout$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dine-in · Table T5' })).toBeChecked();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Table Five');
  await page.goBack();
  await expect(page).toHaveURL(/\/store\/demo\/dinein\/T5$/);
  await expect(page.getByRole('main', { name: 'Menu' })).toBeVisible();
  await expect(page.getByText('Dine-in · Table').first()).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('radio', { name: 'Dine-in · Table T5' })).toBeChecked();
  await fillSaved(page, 'Phone', '2125550105');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  const answer = await placeOrder(page, request, '2125550105');
  const order = await placed(request, answer._id);
  expect(order.orderMethod).toBe('dinein');
  expect(order.dineinTableName).toBe('T5');
  await expect(page.getByText('Dine-in · Table T5')).toBeVisible();
});

test('curbside asks for the car first, then places with it', async ({ page, request }) => {
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Spring Rolls (2)');
  await openCheckout(page);
  await page.getByRole('radiogroup', { name: 'Method' }).getByText('Curbside').click();
  await fillSaved(page, 'Name', 'Curb Side');
  await fillSaved(page, 'Phone', '2125550106');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  await page.getByRole('button', { name: /^Place the order/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please enter car information to continue.' }),
  ).toBeVisible();
  await fillSaved(page, 'Car make and model', 'Honda Civic');
  await fillSaved(page, 'Car color', 'Blue');
  const answer = await placeOrder(page, request, '2125550106');
  expect((await placed(request, answer._id)).orderMethod).toBe('curbside');
});

test('room service is charged to the room with room number and last name', async ({
  page,
  request,
}) => {
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Spring Rolls (2)');
  await openCheckout(page);
  await page.getByRole('radiogroup', { name: 'Method' }).getByText('Room service').click();
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Room Charge').click();
  await expect(page.getByRole('radio', { name: 'Room Charge' })).toBeChecked();
  await page.getByRole('button', { name: /^Place the order/ }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Please enter your Room Number and your Last Name to continue.',
    }),
  ).toBeVisible();
  await fillSaved(page, 'Room number', '1208');
  const cart = await fillSaved(page, 'Last name', 'Lovelace');
  await expect(page.getByTestId('order-total')).toHaveText(usd(cart.amounts.totalCents));
  const answer = await placeOrder(page, request, null);
  expect(answer.totalCents).toBe(cart.amounts.totalCents);
  expect((await placed(request, answer._id)).orderMethod).toBe('roomServiceDelivery');
});

test('a scheduled order: a day and a half-hour slot in the store’s time zone', async ({
  page,
  request,
}) => {
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Spring Rolls (2)');
  await openCheckout(page);
  await page.getByRole('radiogroup', { name: 'Time' }).getByText('Scheduled Time').click();
  await fillSaved(page, 'Name', 'Later Diner');
  await fillSaved(page, 'Phone', '2125550107');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  // No slot yet: check 4's message.
  await page.getByRole('button', { name: /^Place the order/ }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Please Select a Scheduled Time for Scheduled Order',
    }),
  ).toBeVisible();
  // Tomorrow (Wednesday) at 6:30 PM.
  await page.getByRole('button', { name: /Day/ }).click();
  await page.getByRole('option', { name: 'Wed, Nov 25' }).click();
  await page.getByRole('button', { name: /Time/ }).click();
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/'),
  );
  await page.getByRole('option', { name: '6:30 PM' }).click();
  expect((await (await saved).json()).checkoutInfo.time).toEqual({
    kind: 'scheduled',
    date: '2026-11-25',
    minuteOfDay: 1110,
  });
  const answer = await placeOrder(page, request, '2125550107');
  const order = await placed(request, answer._id);
  expect(order.scheduleDate).toContain('2026-11-25');
  expect(order.scheduleTimeStr).toBe('6:30 PM');
});
