// Screenshots of the checkout for review, desktop and phone (test-results/screens/, issue 11), and
// its field messages (issue 25; spec §5, checklist V5.1, V5.4, V5.7, V5.8, V5.12, V5.14, V5.15,
// V5.17, V5.63, S2.29): "Required" / "Invalid" beside the field, as its accessible description.
import { expect, test } from '@playwright/test';
import { addSimpleItem, fillSaved, openCheckout } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

test.beforeEach(({ page }) => skipStoreEntry(page));

for (const screen of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`checkout at ${screen.width}×${screen.height}`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await addSimpleItem(page, 'Crab Rangoon (6)');
    await openCheckout(page);
    await page.getByRole('radiogroup', { name: 'Method' }).getByText('Curbside').click();
    await expect(page.getByLabel('Car make and model')).toBeVisible();
    await fillSaved(page, 'Name', 'Ada Lovelace');
    await page.screenshot({ path: `test-results/screens/checkout-${screen.name}.png` });
    await page.getByRole('button', { name: /^Place the order/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/checkout-bottom-${screen.name}.png` });
  });
}

for (const screen of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`sign-in modal at ${screen.width}×${screen.height}`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Not Registered?' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/sign-up-${screen.name}.png` });
  });
}

for (const screen of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`field messages and the verification dialog at ${screen.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await addSimpleItem(page, 'Crab Rangoon (6)');
    await openCheckout(page);
    await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Credit Card').click();
    // S2.29: the Discount line is there before any code.
    const amounts = page.getByLabel('Order amounts');
    await expect(amounts.getByRole('term')).toHaveText([
      'Subtotal',
      'Taxes',
      'Tips',
      'Fees',
      'Discount',
      'Total',
    ]);

    const leave = async (label: string, value: string) => {
      const field = page.getByLabel(label, { exact: true });
      await field.fill(value);
      await field.blur();
      return field;
    };
    // Nothing is judged before the diner leaves a field.
    await expect(page.getByText('Invalid', { exact: true })).toHaveCount(0);
    await expect(await leave('Phone', '212555014')).toHaveAccessibleDescription('Invalid');
    for (const [label, value] of [
      ['Card number', '41111111111111'],
      ['Expiry (MM/YY)', '123'],
      ['CVV', '12'],
      ['Billing ZIP', '1234'],
    ] as const) {
      const field = await leave(label, value);
      await expect(field, label).toHaveAttribute('aria-invalid', 'true');
      await expect(field, label).toHaveAccessibleDescription('Invalid');
    }
    await expect(await leave('Card number', '7111111111111111')).toHaveAccessibleDescription(
      'Invalid',
    );
    await expect(await leave('Expiry (MM/YY)', '0126')).toHaveAccessibleDescription('Invalid');
    // Place shows "Required" beside the required fields never touched.
    await page.getByRole('button', { name: /^Place the order/ }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Required');
    await expect(page.getByLabel('Billing street')).toHaveAccessibleDescription('Required');
    await page.getByLabel('Card number').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screens/checkout-field-errors-${screen.name}.png`,
    });

    // Corrected, the messages go; the verification dialog has the phone (V5.63).
    await fillSaved(page, 'Name', 'Ada Lovelace');
    await fillSaved(page, 'Phone', '2125550177');
    await expect(page.getByLabel('Phone', { exact: true })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Cash').click();
    await page.getByRole('button', { name: /^Place the order/ }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your phone' });
    const phone = verify.getByRole('textbox', { name: 'Phone number' });
    await expect(phone).toHaveValue('(212)555-0177');
    await phone.fill('212555017');
    let sends = 0;
    page.on('request', (r) => {
      if (r.url().includes('/sendVeriCode')) sends += 1;
    });
    await verify.getByRole('button', { name: 'Send code' }).click();
    await expect(phone).toHaveAccessibleDescription('Please enter a valid Phone number');
    expect(sends).toBe(0);
    await page.screenshot({ path: `test-results/screens/verify-phone-${screen.name}.png` });
  });
}
