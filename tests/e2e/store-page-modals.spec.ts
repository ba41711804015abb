// Issue 11 journey: what the store page shows by itself and from its buttons — the home notice
// (lines at the break marker, hidden after 30 s, the dine-in notice at a table), the store location
// choice and Pickup or Delivery saved through PUT …/checkoutInfo, and the category drawer — with
// screenshots at 1280 and 390 px in test-results/screens/ (S2.6, S2.44, S2.46, S2.47, S2.48, T4.27).
import { expect, test, type Page } from '@playwright/test';
import { skipStoreEntry } from './support/store-entry.js';

const screens = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
];

const NOTICE_LINES = [
  'Welcome to Golden Lotus!',
  'Free add-on item on orders over $40.',
  'Ask us about catering.',
];

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, animations: 'disabled' });

/** The next PUT …/checkoutInfo the page sends, with its body and the server's answer. */
async function nextCheckoutSave(page: Page, act: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/checkoutInfo/'),
    ),
    act(),
  ]);
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  const answer = (await response.json()) as { checkoutInfo: Record<string, unknown> };
  return { sent, saved: answer.checkoutInfo };
}

for (const screen of screens) {
  test(`arrival: notice, store location, Pickup or Delivery at ${screen.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');

    const notice = page.getByRole('dialog', { name: 'Golden Lotus' });
    await expect(notice).toBeVisible();
    // One paragraph per line of the stored notice (split at <br>, shown as text).
    await expect(notice.locator('p')).toHaveText(NOTICE_LINES);
    await page.waitForLoadState('networkidle');
    await shot(page, `notice-${screen.name}`);
    await notice.getByRole('button', { name: 'OK' }).click();

    const location = page.getByRole('dialog', { name: 'Choose your store location' });
    await expect(location).toBeVisible();
    await expect(
      location.getByRole('button', { name: /^Golden Lotus 52 Mott Street/ }),
    ).toContainText('Selected');
    await shot(page, `location-${screen.name}`);
    const branch = await nextCheckoutSave(page, () =>
      location.getByRole('button', { name: /Golden Lotus Flushing/ }).click(),
    );
    expect(branch.sent).toMatchObject({ isBranch: true, orderMethod: 'pickup' });
    expect(branch.saved).toMatchObject({ isBranch: true });

    const method = page.getByRole('dialog', { name: 'Pickup or Delivery?' });
    await expect(method).toBeVisible();
    await expect(method.getByRole('button', { name: /Pickup|Delivery/ })).toHaveText([
      /^PickupSelected$/,
      'Delivery',
    ]);
    await shot(page, `order-method-${screen.name}`);
    const delivery = await nextCheckoutSave(page, () =>
      method.getByRole('button', { name: 'Delivery' }).click(),
    );
    expect(delivery.sent).toMatchObject({ isBranch: true, orderMethod: 'delivery' });
    expect(delivery.saved).toMatchObject({ isBranch: true, orderMethod: 'delivery' });
    await expect(method).toBeHidden();

    const choices = page.getByRole('region', { name: 'Your order' });
    await expect(choices).toContainText('Golden Lotus Flushing');
    await expect(choices).toContainText('Delivery');
    await shot(page, `choices-${screen.name}`);

    // Once per tab: a reload (as after the back/forward cache) asks nothing again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Golden Lotus' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The Change button opens the choice again with the saved one marked.
    await choices.getByRole('button', { name: 'Change order method' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Pickup or Delivery?' }).getByRole('button', {
        name: /^Delivery/,
      }),
    ).toContainText('Selected');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(choices.getByRole('button', { name: 'Change order method' })).toBeFocused();
  });
}

test('the home notice hides itself after 30 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/store/demo');
  const notice = page.getByRole('dialog', { name: 'Golden Lotus' });
  await expect(notice).toBeVisible();
  await page.clock.runFor(29_000);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1_500);
  // The location choice follows the notice.
  await expect(page.getByRole('dialog', { name: 'Choose your store location' })).toBeVisible();
  await expect(notice).toBeHidden();
});

test('at a table the dine-in notice shows instead of the home notice, and no method choice', async ({
  page,
}) => {
  await page.goto('/store/demo/dinein/T5');
  const notice = page.getByRole('dialog', { name: 'Golden Lotus' });
  await expect(notice).toContainText(
    'Welcome! Order from your table and we will bring it right over.',
  );
  await expect(notice).not.toContainText('Welcome to Golden Lotus!');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change order method' })).toHaveCount(0);
});

const drawerScreens = [
  // The bar and its list button are for widths under 1184 px; desktop has the sidebar instead.
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'mobile', width: 390, height: 844 },
];

for (const screen of drawerScreens) {
  test(`the list button opens every category in a drawer at ${screen.width} px`, async ({
    page,
  }) => {
    await skipStoreEntry(page);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    // Every category has its section once the menu is complete; the sections below the first
    // screen are added a few frames apart (src/web/storefront/MenuSections.tsx), so wait for all.
    const categories = (await (
      await page.request.get('/api/categories7/merchantId/demo')
    ).json()) as { name: string }[];
    const names = categories.map((c) => c.name);
    const sections = page.getByRole('main', { name: 'Menu' }).getByRole('heading', { level: 2 });
    await expect(sections).toHaveText(names);

    const button = page.getByRole('button', { name: 'All categories' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Categories' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link')).toHaveText(names);
    await page.waitForLoadState('networkidle');
    await shot(page, `drawer-${screen.name}`);

    const target = drawer.getByRole('link').nth(8);
    const href = await target.getAttribute('href');
    await target.click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const section = page.locator(`[id="${(href ?? '#').slice(1)}"]`);
    await expect(section).toBeInViewport();
    await expect(section).toBeFocused();

    // Keyboard: Escape closes and the focus returns to the list button.
    await button.focus();
    await page.keyboard.press('Enter');
    // The dialog takes the focus once it has opened.
    await expect(drawer).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
  });
}

// Issue 25: the arrival modals close with Escape as they appear, with no click into them first
// (docs/decisions/storefront-store-page.md), each giving way to the next — also when the diner
// was already reading (had clicked the page) before the notice opened.
for (const screen of screens) {
  test(`the arrival notice and the store location choice close with Escape at ${screen.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await page.getByRole('heading', { level: 1, name: 'Golden Lotus' }).click();
    const notice = page.getByRole('dialog', { name: 'Golden Lotus' });
    await expect(notice).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();
    const location = page.getByRole('dialog', { name: 'Choose your store location' });
    await expect(location).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(location).toBeHidden();
    const method = page.getByRole('dialog', { name: 'Pickup or Delivery?' });
    await expect(method).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}
