// Placing an order from an open checkout, through the phone verification when it is asked for.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './checkout.js';

export interface SendAnswer {
  _id: string;
  totalCents: number;
  paymentMethod: string;
  paid: boolean;
}

/** Presses Place the order; verifies `phone` if the modal opens; returns the placed answer. */
export async function placeOrder(
  page: Page,
  request: APIRequestContext,
  phone: string | null,
): Promise<SendAnswer> {
  const done = page.waitForResponse((r) => r.url().includes('/sendOrder/') && r.status() === 200);
  await page.getByRole('button', { name: /^Place the order/ }).click();
  if (phone) {
    const verify = page.getByRole('dialog', { name: 'Verify your phone' });
    await verify.getByRole('button', { name: 'Send code' }).click();
    await verify.getByLabel('Verification code').fill(await latestCode(request, phone));
    await verify.getByRole('button', { name: 'Confirm' }).click();
  }
  const answer = (await (await done).json()) as SendAnswer;
  await expect(page).toHaveURL(new RegExp(`/order_placed/${answer._id}$`));
  return answer;
}
