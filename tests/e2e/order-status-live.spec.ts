// Issue 12 journey: the diner's order-placed page follows the order live while the merchant works
// it through the API the dashboard uses — "Received", "Confirmed" once read, "Ready at 12:15 PM"
// once a ready time is sent, "Ready" at 0 minutes, "Cancelled" once the card payment is voided —
// with no reload (the order's stream pushes each change).
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, fillCard, fillSaved, openCheckout } from './support/checkout.js';
import { placeOrder } from './support/place.js';
import { skipStoreEntry } from './support/store-entry.js';

// Tuesday 24 Nov 2026, 12:00 in New York: open.
const TUESDAY_NOON = '2026-11-24T17:00:00Z';

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page);
  await setTime(page, request, TUESDAY_NOON);
});
test.afterEach(async ({ request }) => resetServerTime(request));

test("the order-placed page follows the merchant's changes live", async ({ page, request }) => {
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Har Gow (4)');
  await openCheckout(page);
  await fillSaved(page, 'Name', 'Grace Hopper');
  await fillSaved(page, 'Phone', '2125550163');
  await fillCard(page, '4111111111111111');
  const { _id: id } = await placeOrder(page, request, '2125550163');
  const status = page.getByRole('status').filter({ hasText: 'Status' });
  await expect(status).toHaveText('Status Received');
  // The merchant's info modal is not what this journey is about.
  const info = page.getByRole('dialog', { name: 'Stay in touch' });
  if (await info.isVisible()) await page.keyboard.press('Escape');

  // The merchant, signed in beside the diner (the API the dashboard calls).
  const login = await request.post('/api/merchantUsers/merchantLogin', {
    data: { merchantUserName: 'demo', merchantPassword: 'Demo1234' },
  });
  expect(login.ok()).toBe(true);
  const orders = '/api/orders7/merchantId/demo';
  const pageLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/order/_id/${id}`)) pageLoads.push(r.url());
  });

  const read = await request.put(`${orders}/order/_idOrder/${id}`, {
    data: { hasBeenRead: true },
  });
  expect(read.ok(), await read.text()).toBe(true);
  await expect(status).toHaveText('Status Confirmed');
  // Issue 25: one reading at a time — the estimate by method until the merchant sets a time;
  // where to collect it, with a map link; the store phone as the spec writes it.
  const method = page.getByTestId('order-method');
  await expect(method).toHaveText(/^Pickup — \d+-\d+ min$/);
  await expect(page.getByText('Pick up at')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=52%20Mott%20Street/,
  );
  await expect(page.getByRole('link', { name: '(212)555-0188' })).toBeVisible();
  await page.screenshot({
    path: 'test-results/screens/order-placed-before-ready-desktop.png',
    fullPage: true,
  });

  const ready = await request.post(`${orders}/sendOrderTimeSMS`, {
    data: { _id: id, willBeReadyInMinutes: '15' },
  });
  expect(ready.ok(), await ready.text()).toBe(true);
  await expect(status).toHaveText(/^Status Ready at 12:1\d PM$/);
  await expect(method).toHaveText('Pickup');
  await expect(page.getByText(/\d+-\d+ min/)).toHaveCount(0);
  await page.screenshot({
    path: 'test-results/screens/order-placed-ready-desktop.png',
    fullPage: true,
  });

  await request.put(`${orders}/order/_idOrder/${id}`, { data: { willBeReadyInMinutes: 0 } });
  await expect(status).toHaveText('Status Ready');
  // None of that reloaded the order: the stream carried it.
  expect(pageLoads).toEqual([]);

  const tx = await request.get(`/api/transactions/merchantId/demo/orderId/${id}`);
  const { transactionId } = (await tx.json()) as { transactionId: string };
  const voided = await request.put(
    `/api/transactions/merchantId/demo/transactionId/${transactionId}/void`,
  );
  expect(voided.ok(), await voided.text()).toBe(true);
  await expect(page.getByRole('heading', { name: 'This order was cancelled.' })).toBeVisible();
  await expect(status).toHaveText('Status Cancelled');
  await page.screenshot({
    path: test.info().outputPath('order-status-cancelled.png'),
    fullPage: true,
  });
});

test('the order-placed page at phone width', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Har Gow (4)');
  await openCheckout(page);
  await fillSaved(page, 'Name', 'Grace Hopper');
  await fillSaved(page, 'Phone', '2125550163');
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
  const { _id: id } = await placeOrder(page, request, '2125550163');
  await expect(page.getByTestId('order-status')).toHaveText('Received');
  // Issue 25: "Stay in touch" sits in the page below the status, never over it.
  const info = page.getByRole('region', { name: 'Stay in touch' });
  await expect(info).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const statusBox = await page.getByTestId('order-status').boundingBox();
  expect((await info.boundingBox())!.y).toBeGreaterThan(statusBox!.y);
  await expect(page.getByTestId('order-method')).toHaveText(/^Pickup — \d+-\d+ min$/);
  // The lines and amounts use the card's whole width.
  const card = await page.getByRole('main').boundingBox();
  const lines = await page.getByRole('list', { name: 'Your order' }).boundingBox();
  expect(lines!.width).toBeGreaterThan(card!.width * 0.8);
  await page.screenshot({ path: test.info().outputPath('order-placed-phone.png'), fullPage: true });
  await page.screenshot({ path: 'test-results/screens/order-placed-before-ready-mobile.png' });

  // The merchant sets a ready time: the estimate gives way to it.
  const login = await request.post('/api/merchantUsers/merchantLogin', {
    data: { merchantUserName: 'demo', merchantPassword: 'Demo1234' },
  });
  expect(login.ok()).toBe(true);
  const ready = await request.post('/api/orders7/merchantId/demo/sendOrderTimeSMS', {
    data: { _id: id, willBeReadyInMinutes: '20' },
  });
  expect(ready.ok(), await ready.text()).toBe(true);
  await expect(page.getByTestId('order-status')).toHaveText(/^Ready at \d+:\d\d PM$/);
  await expect(page.getByTestId('order-method')).toHaveText('Pickup');
  await page.screenshot({ path: 'test-results/screens/order-placed-ready-mobile.png' });
});
