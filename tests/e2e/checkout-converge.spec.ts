// Issue 14 journey: a store on Elavon Converge (spec provider `elavon`, C7.70). The checkout shows
// no card fields; "Place the order" writes the order, asks tokenSession for its total, and opens
// Converge's page (here the local fake's Lightbox, loaded from its own origin as the CSP allows);
// the card typed there is confirmed by the server with the gateway before the order is placed.
// The seeded second store (sunrise) is switched, so the other journeys' demo store stays on the
// sandbox.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { CONVERGE_FAKE_CARDS, FAKE_CONVERGE_CREDENTIALS } from '../fakes/converge.js';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, fillSaved, openCheckout } from './support/checkout.js';
import { latestCode } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z'; // 11:00 in Chicago: the café is open
const gatewayPath = '/api/merchants/merchantId/sunrise/paymentGateway';

/** The café's merchant, signed in on the journey's API context. */
async function signInSunrise(request: APIRequestContext) {
  const signIn = await request.post('/api/merchantUsers/merchantLogin', {
    data: { merchantUserName: 'sunrise', merchantPassword: 'Sunrise123' },
  });
  expect(signIn.ok()).toBe(true);
}

/** Switches the café to Converge through the merchant API (the form has its own journey). */
async function storeOnConverge(request: APIRequestContext) {
  await signInSunrise(request);
  const saved = await request.put(gatewayPath, {
    data: { provider: 'elavon', credentials: FAKE_CONVERGE_CREDENTIALS },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.beforeEach(async ({ page, request }) => {
  await skipStoreEntry(page, ['sunrise']);
  await setTime(page, request, TUESDAY_NOON);
});

test.afterEach(async ({ request }) => {
  await signInSunrise(request);
  await request.put(gatewayPath, { data: { provider: 'sandbox' } });
  await resetServerTime(request);
});

// First: the store has no Converge credentials yet, so the form asks for every field.
test('the merchant switches the store to Converge in the Card gateway section, secrets never shown back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/merchant/login');
  await page.getByLabel('Merchant ID').fill('sunrise');
  await page.getByLabel('Password').fill('Sunrise123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/merchant\/merchantId\/sunrise$/);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Store' })
    .click();
  const section = page.getByRole('region', { name: 'Card gateway', exact: true });
  await section.getByRole('button', { name: 'Edit Card gateway' }).click();
  await section
    .getByRole('combobox', { name: 'Card gateway' })
    .selectOption({ label: 'Elavon Converge' });
  await section.getByLabel('Account ID').fill(FAKE_CONVERGE_CREDENTIALS.merchantId);
  await section.getByLabel('User ID').fill(FAKE_CONVERGE_CREDENTIALS.userId);
  await section.getByLabel('PIN').fill(FAKE_CONVERGE_CREDENTIALS.pin);
  await expect(section.getByLabel('PIN')).toHaveAttribute('type', 'password');
  // Issue 30: the rights the Converge user needs are named where the user is entered (the save
  // checks them with Converge).
  await expect(section.getByLabel('User ID')).toHaveAccessibleDescription(
    /"Batches - View", "Batches-Void Delete" and "Batches - Edit"/,
  );
  await section.screenshot({ path: 'test-results/card-gateway-edit-1280.png' });
  await page.setViewportSize({ width: 390, height: 900 });
  await section.screenshot({ path: 'test-results/card-gateway-edit-390.png' });
  // The long hint wraps under its field instead of widening the form.
  const input = (await section.getByLabel('User ID').boundingBox())!;
  const hint = (await section.getByText(/Hosted Payment API flag/).boundingBox())!;
  expect(hint.x + hint.width).toBeLessThanOrEqual(input.x + input.width + 1);
  expect(hint.height).toBeGreaterThan(20); // two lines or more at this width
  await page.setViewportSize({ width: 1280, height: 900 });
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/paymentGateway'),
  );
  await section.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(section.getByText(/Credentials saved for Elavon Converge/)).toBeVisible();
  await expect(section).not.toContainText(FAKE_CONVERGE_CREDENTIALS.pin);
  await section.screenshot({ path: 'test-results/card-gateway-read-1280.png' });
});

test('the card is paid on Converge’s page and the order is placed once the server confirms it', async ({
  page,
  request,
}) => {
  await storeOnConverge(request);
  await page.goto('/store/sunrise');
  await addSimpleItem(page, 'Butter Croissant');
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await fillSaved(page, 'Name', 'Grace Hopper');
  await fillSaved(page, 'Phone', '3125550177');
  await expect(page.getByText(/enter your card on the secure payment page/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/converge-checkout-1280.png', fullPage: true });

  const sent = page.waitForResponse((r) => r.url().includes('/sendOrder/') && r.status() === 200);
  await page.getByRole('button', { name: /^Place the order/ }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your phone' });
  await verify.getByRole('button', { name: 'Send code' }).click();
  await verify.getByLabel('Verification code').fill(await latestCode(request, '3125550177'));
  await verify.getByRole('button', { name: 'Confirm' }).click();
  const answer = (await (await sent).json()) as {
    _id: string;
    state: string;
    totalCents: number;
  };
  expect(answer.state).toBe('awaiting_payment');

  // The provider's page (the fake Lightbox), with the focus in its card field.
  const lightbox = page.getByRole('dialog', { name: 'Pay with Converge (test)' });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByLabel('Card number')).toBeFocused();
  await page.screenshot({ path: 'test-results/converge-lightbox-1280.png' });
  await page.keyboard.type(CONVERGE_FAKE_CARDS.approve);
  const finished = page.waitForResponse((r) => r.url().includes('/hostedPayment/'));
  await page.keyboard.press('Enter');
  const final = await finished;
  expect(final.status()).toBe(200);
  expect(await final.json()).toMatchObject({
    state: 'placed',
    paid: true,
    card: { last4: '1111' },
  });
  await expect(page).toHaveURL(new RegExp(`/store/sunrise/order_placed/${answer._id}$`));
  await expect(
    page.getByRole('heading', { name: 'Thank you! Your order has been placed.' }),
  ).toBeVisible();
});

test('a cancelled page leaves no order and the diner can place it again', async ({
  page,
  request,
}) => {
  await storeOnConverge(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/store/sunrise');
  await addSimpleItem(page, 'Blueberry Muffin');
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await fillSaved(page, 'Name', 'Grace Hopper');
  await fillSaved(page, 'Phone', '3125550178');
  await page.getByRole('button', { name: /^Place the order/ }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your phone' });
  await verify.getByRole('button', { name: 'Send code' }).click();
  await verify.getByLabel('Verification code').fill(await latestCode(request, '3125550178'));
  await verify.getByRole('button', { name: 'Confirm' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Pay with Converge (test)' });
  await expect(lightbox).toBeVisible();
  await page.screenshot({ path: 'test-results/converge-lightbox-390.png' });
  await lightbox.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('The card payment was not completed');
  // Again, with a card this time: a new attempt, one order.
  const placed = page.waitForResponse((r) => r.url().includes('/hostedPayment/'));
  await page.getByRole('button', { name: /^Place the order/ }).click();
  await expect(lightbox).toBeVisible();
  await lightbox.getByLabel('Card number').fill(CONVERGE_FAKE_CARDS.approve);
  await lightbox.getByRole('button', { name: 'Pay' }).click();
  expect((await placed).status()).toBe(200);
  await expect(page).toHaveURL(/\/store\/sunrise\/order_placed\//);
});
