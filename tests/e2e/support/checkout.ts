// Steps the checkout journeys share: an item in the cart, the checkout open, the diner's details
// typed, the card typed, and the verification code read from the outbox (offline SMS).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export async function addSimpleItem(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the checkout (the phone layout first opens the cart sheet). */
export async function openCheckout(page: Page) {
  const bar = page.getByRole('button', { name: /^View cart/ });
  if (await bar.isVisible()) await bar.click();
  await page.getByRole('button', { name: /^Checkout/ }).click();
  await expect(page.getByRole('button', { name: /^Place the order/ })).toBeVisible();
}

/** Types into a checkout field and leaves it, which saves it; waits for the server's answer. */
export async function fillSaved(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/'),
  );
  await field.blur();
  return (await saved).json() as Promise<{ amounts: { totalCents: number } }>;
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('1230');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Billing street').fill('1 Main St');
  await page.getByLabel('Billing ZIP').fill('10013');
}

/** The newest verification code texted to this phone (the dev outbox, offline). */
export async function latestCode(request: APIRequestContext, phoneDigits: string) {
  for (let i = 0; i < 40; i++) {
    const r = await request.get('/api/dev/outbox?kind=sms&limit=20');
    const { messages } = (await r.json()) as { messages: { to: string[]; body: string }[] };
    const m = messages.find((x) => x.to.some((t) => t.endsWith(phoneDigits)));
    const code = m?.body.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no code texted to ${phoneDigits}`);
}

export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
