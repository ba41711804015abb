// Issue 27: the order board. Orders placed by diners (their own HTTP routes: tests/e2e/support/
// board.ts) are worked on the Orders pane: Accept (with the ready time) → Ready → Complete while
// the diner's order-placed page follows in a second browser context; Cancel of a cash order,
// confirmed with its amount; the status filters with their counts, the Now view and the search;
// the keyboard path (the actions within three Tab presses of the selected order, the J/K/A/R/C
// shortcuts and their help sheet); two tablets racing Accept and Cancel on one order; a 50-order
// service. Screenshots at 1280, 1024×768, 768×1024 and 390. docs/decisions/order-board.md.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  type BoardDiner,
  newBoardDiner,
  placeCashOrder,
  placePickupOrder,
} from './support/board.js';
import { newYorkNoonToday, resetServerTime } from './support/clock.js';
import { signInToDashboard } from './support/dashboard.js';

const SHOTS = 'test-results/screens';

/** The demo store and all its categories are open (the dim sum of the morning too). Not a fixed
 * day: the merchant's session expires 12 hours after the server's clock. */
const openTime = newYorkNoonToday;

let phoneSeq = 0;
/** A fresh phone per diner: 212-555-01xx is the demo range the dev outbox reads. */
const nextPhone = () =>
  `21255${String(10000 + ((Math.floor(Date.now() / 1000) + phoneSeq++) % 89999)).slice(-5)}`;

async function newDiner(request: APIRequestContext, baseURL: string | undefined) {
  const r = await request.put('/api/test/clock', { data: { now: openTime().toISOString() } });
  expect(r.ok()).toBe(true);
  return newBoardDiner(baseURL!, request, nextPhone());
}

test.afterEach(async ({ request }) => resetServerTime(request));

async function openBoard(page: Page, orderId?: string) {
  await signInToDashboard(page);
  if (orderId) await page.goto(`/merchant/merchantId/demo?order=${orderId}`);
  await expect(page.getByRole('radiogroup', { name: 'Status' })).toBeVisible();
}

const detail = (page: Page) => page.getByRole('region', { name: 'Selected order' });
const row = (page: Page, id: string) => page.locator(`button[data-order="${id}"]`);

async function dinerPage(browser: Browser, d: BoardDiner, id: string) {
  const context = await browser.newContext({ storageState: await d.api.storageState() });
  const page = await context.newPage();
  await page.goto(`/store/demo/order_placed/${id}`);
  const info = page.getByRole('dialog', { name: 'Stay in touch' });
  if (await info.isVisible().catch(() => false)) await page.keyboard.press('Escape');
  return { page, status: page.getByRole('status').filter({ hasText: 'Status' }) };
}

test('Accept → Ready → Complete, the diner’s page following live', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const d = await newDiner(request, baseURL);
  const id = await placeCashOrder(d, 'Grace Hopper');
  const diner = await dinerPage(browser, d, id);
  await expect(diner.status).toHaveText('Status Received');

  await openBoard(page, id);
  const order = detail(page);
  await expect(order.getByText('New', { exact: true })).toBeVisible();
  await expect(row(page, id)).toContainText('New');
  await expect(row(page, id)).toContainText(/Due \d+:\d\d [AP]M/);
  // Opening the order reads it: the diner sees "Confirmed" (order-board.md).
  await expect(diner.status).toHaveText('Status Confirmed');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/order-board-new-1280.png` });

  await order.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = page.getByRole('dialog', { name: /^Accept order #\d+$/ });
  await accept.getByRole('button', { name: '15 min' }).click();
  await accept.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(accept).toBeHidden();
  await expect(order.getByText('In progress', { exact: true })).toBeVisible();
  await expect(row(page, id)).toContainText('In progress');
  await expect(diner.status).toHaveText(/^Status Ready at \d+:\d\d [AP]M$/);

  await order.getByRole('button', { name: 'Ready', exact: true }).click();
  await expect(order.getByText('Ready', { exact: true })).toBeVisible();
  await expect(diner.status).toHaveText('Status Ready');

  await order.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(order.getByText('Done', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  await expect(row(page, id)).toContainText('Done');
  await diner.page.context().close();
  await d.api.dispose();
});

test('Cancel of a cash order, confirmed with its amount', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const d = await newDiner(request, baseURL);
  const id = await placeCashOrder(d, 'Barbara Liskov');
  const diner = await dinerPage(browser, d, id);
  await openBoard(page, id);
  const order = detail(page);
  const total = (await order.locator('.dash-row--total dd').textContent())!.trim();
  await order.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Cancel order #\d+\?$/ });
  await expect(confirm).toContainText(total);
  await expect(confirm).toContainText('No card payment was taken');
  await page.screenshot({ path: `${SHOTS}/order-board-cancel-1280.png` });
  // "Keep order" keeps it.
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(order.getByText('New', { exact: true })).toBeVisible();
  await order.getByRole('button', { name: 'Cancel order' }).click();
  await confirm.getByRole('button', { name: `Cancel order (${total})` }).click();
  await expect(confirm).toBeHidden();
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await expect(diner.status).toHaveText('Status Cancelled');
  await diner.page.context().close();
  await d.api.dispose();
});

test('Cancel of a card order releases its money', async ({ page, browser, request, baseURL }) => {
  // order-life.md "What cancel does": the sandbox gateway of the demo voids a held
  // authorisation, so the board says "Released" and the diner's page "Cancelled".
  test.setTimeout(120_000);
  const d = await newDiner(request, baseURL);
  const id = await placePickupOrder(d, 'Frances Allen', 'card');
  const diner = await dinerPage(browser, d, id);
  await openBoard(page, id);
  const order = detail(page);
  await expect(order.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Order actions' })
      .getByRole('button', { name: 'Void', exact: true }),
  ).toBeVisible();
  const total = (await order.locator('.dash-row--total dd').textContent())!.trim();
  await order.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Cancel order #\d+\?$/ });
  await expect(confirm).toContainText(total);
  await expect(confirm).toContainText('The card payment is released.');
  await confirm.getByRole('button', { name: `Cancel order (${total})` }).click();
  await expect(confirm).toBeHidden();
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(order.getByText('Released', { exact: true }).first()).toBeVisible();
  await expect(order.getByText('Paid', { exact: true })).toHaveCount(0);
  // Its money is released: no Void or tip adjustment is offered on it any more.
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(actions.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Adjust tips' })).toHaveCount(0);
  await expect(diner.status).toHaveText('Status Cancelled');
  // The server's record, not only the screen: the payment is voided, once.
  const api = await page.request.get(`/api/orders7/merchantId/demo/order/_id/${id}`);
  expect(api.ok(), await api.text()).toBe(true);
  expect(((await api.json()) as { paymentStatus: string }).paymentStatus).toBe('voided');
  await page.screenshot({ path: `${SHOTS}/order-board-card-cancelled-1280.png` });
  await diner.page.context().close();
  await d.api.dispose();
});

test('status filters with counts, the Now view and the search', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const d = await newDiner(request, baseURL);
  const tag = `Zed${Date.now() % 100000}`;
  const a = await placeCashOrder(d, `${tag} Alpha`);
  const b = await placeCashOrder(d, `${tag} Beta`);
  const c = await placeCashOrder(d, `${tag} Gamma`);
  await openBoard(page, b);
  const status = page.getByRole('radiogroup', { name: 'Status' });
  for (const name of ['New', 'In progress', 'Ready', 'Done', 'Cancelled', 'All'])
    await expect(status.getByRole('radio', { name, exact: true })).toBeVisible();
  await expect(status.getByRole('radio', { name: 'All', exact: true })).toBeChecked();

  // Move b to Ready and c to Done.
  await detail(page).getByRole('button', { name: 'Ready', exact: true }).click();
  await expect(row(page, b)).toContainText('Ready');
  await row(page, c).click();
  await detail(page).getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(row(page, c)).toContainText('Done');

  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill(tag);
  await expect(page.locator('button[data-order]')).toHaveCount(3);
  const count = (name: string) =>
    status
      .locator('.board-status__option')
      .filter({ has: page.getByRole('radio', { name, exact: true }) })
      .locator('.board-status__count');
  await expect(count('New')).toHaveText('1');
  await expect(count('Ready')).toHaveText('1');
  await expect(count('Done')).toHaveText('1');
  await expect(count('All')).toHaveText('3');

  await status.getByText('Ready', { exact: true }).click();
  await expect(page.locator('button[data-order]')).toHaveCount(1);
  await expect(row(page, b)).toBeVisible();
  await status.getByText('New', { exact: true }).click();
  await expect(page.locator('button[data-order]')).toHaveCount(1);
  await expect(row(page, a)).toBeVisible();
  await status.getByText('All', { exact: true }).click();

  // Search by the phone's last digits and by the order number.
  await search.fill(d.phone.slice(-4));
  await expect(row(page, a)).toBeVisible();
  const number = (await row(page, c).locator('.order-row__number').textContent())!.slice(1);
  await search.fill(number);
  await expect(row(page, c)).toBeVisible();

  // Now: open orders only (whatever day) — the done one leaves.
  await search.fill(tag);
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(page.getByRole('button', { name: 'Now' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Date range')).toBeDisabled();
  await expect(page.locator('button[data-order]')).toHaveCount(2);
  await expect(row(page, c)).toHaveCount(0);
  await expect(count('Done')).toHaveText('0');
  await page.screenshot({ path: `${SHOTS}/order-board-now-1280.png` });

  // A refresh keeps the view staff were working in: Now, the search, the selected order.
  await row(page, a).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Now' })).toHaveAttribute('aria-pressed', 'true');
  await expect(search).toHaveValue(tag);
  await expect(page.locator('button[data-order]')).toHaveCount(2);
  await expect(detail(page).getByRole('heading', { level: 2 })).toContainText(
    (await row(page, a).locator('.order-row__number').textContent())!,
  );
  // Back goes to the order selected before, not through the filters tried.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`order=${c}`));
  await expect(page.getByRole('button', { name: 'Now' })).toHaveAttribute('aria-pressed', 'true');
  await d.api.dispose();
});

test('the keyboard path: three Tabs to the actions, shortcuts and their help sheet', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const d = await newDiner(request, baseURL);
  const first = await placeCashOrder(d, 'Key One');
  const second = await placeCashOrder(d, 'Key Two');
  for (let i = 0; i < 5; i++) await placeCashOrder(d, `Key Filler ${i}`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openBoard(page);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('Key ');
  await expect(page.locator('button[data-order]')).toHaveCount(7);
  // Select the second order (newest first: it is the sixth row) with the keyboard.
  await row(page, second).click();
  await row(page, second).focus();
  let reached = false;
  for (let i = 1; i <= 3 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await detail(page)
      .getByRole('button', { name: 'Accept', exact: true })
      .evaluate((el) => el === el.ownerDocument.activeElement);
  }
  expect(reached, 'Accept within three Tab presses of the selected order').toBe(true);
  await page.screenshot({ path: `${SHOTS}/order-board-1024x768.png` });

  // The help sheet.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Next order');
  await expect(help).toContainText('Complete it');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // J moves to the next (older) order: the first one.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`order=${first}`));
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`order=${second}`));
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`order=${first}`));
  // A: the accept dialog; Enter on a quick pick, then Accept.
  await page.keyboard.press('a');
  const accept = page.getByRole('dialog', { name: /^Accept order #\d+$/ });
  await accept.getByRole('button', { name: '10 min' }).press('Enter');
  await accept.getByRole('button', { name: 'Accept', exact: true }).press('Enter');
  await expect(accept).toBeHidden();
  await expect(row(page, first)).toContainText('In progress');
  await page.keyboard.press('r');
  await expect(row(page, first)).toContainText('Ready');
  await page.keyboard.press('c');
  await expect(row(page, first)).toContainText('Done');
  // A shortcut the state does not allow says so.
  await page.keyboard.press('r');
  await expect(
    detail(page).getByRole('alert').filter({ hasText: 'cannot be marked ready' }),
  ).toBeVisible();

  // Arrow keys in the list move the selection.
  await row(page, first).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(new RegExp(`order=${second}`));
  await expect(row(page, second)).toBeFocused();

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: `${SHOTS}/order-board-768x1024.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/order-board-390.png`, fullPage: true });
  await d.api.dispose();
});

test('two tablets: Accept and Cancel on one order at once — one wins, the other is told', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const d = await newDiner(request, baseURL);
  const id = await placeCashOrder(d, 'Race Order');
  const tablets = await Promise.all(
    [0, 1].map(async () => {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      const page = await context.newPage();
      await openBoard(page, id);
      return page;
    }),
  );
  const [one, two] = tablets as [Page, Page];
  await detail(one).getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = one.getByRole('dialog', { name: /^Accept order #\d+$/ });
  await accept.getByRole('button', { name: '20 min' }).click();
  await detail(two).getByRole('button', { name: 'Cancel order' }).click();
  const cancel = two.getByRole('alertdialog', { name: /^Cancel order #\d+\?$/ });
  await Promise.all([
    accept.getByRole('button', { name: 'Accept', exact: true }).click(),
    cancel.getByRole('button', { name: /^Cancel order \(/ }).click(),
  ]);
  // The server orders the two: cancel first (accept refused: "This order is cancelled: accept is
  // not allowed"), both at once on the new order (one refused: "This order is accepted: cancel is
  // not allowed"), or accept first and then the cancel (allowed from In progress). Both tablets end
  // on the same state, and a refused one says why in the server's words.
  const refusal = /This order is (accepted|cancelled): (accept|cancel) is not allowed/;
  const final = async (p: Page) =>
    (await detail(p).locator('.order-detail__marks .order-status').textContent())?.trim();
  await expect
    .poll(async () => {
      const [a, b] = [await final(one), await final(two)];
      return a === b && (a === 'Cancelled' || a === 'In progress') ? a : `${a}/${b}`;
    })
    .toMatch(/^(Cancelled|In progress)$/);
  const state = await final(one);
  if (state === 'In progress') {
    await expect(cancel.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  } else if (await accept.isVisible()) {
    await expect(accept.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  }
  for (const p of tablets) await expect(detail(p).getByText(state!, { exact: true })).toBeVisible();
  await one.screenshot({ path: `${SHOTS}/order-board-race-1024x768.png` });
  for (const p of tablets) await p.context().close();
  await d.api.dispose();
});

test('a 50-order service on the board', async ({ page, request, baseURL }) => {
  // A pressed right after clicking the next row must reach that row's order, not the one still
  // on screen: the shortcut carries the order it was pressed on (OrderActions' ShortcutRequest).
  test.setTimeout(600_000);
  const d = await newDiner(request, baseURL);
  const tag = `Svc${Date.now() % 100000}`;
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) ids.push(await placeCashOrder(d, `${tag} ${i + 1}`));
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page);
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill(tag);
  const status = page.getByRole('radiogroup', { name: 'Status' });
  const count = (name: string) =>
    status
      .locator('.board-status__option')
      .filter({ has: page.getByRole('radio', { name, exact: true }) })
      .locator('.board-status__count');
  await expect(count('New')).toHaveText('50');
  await page.screenshot({ path: `${SHOTS}/order-board-service-start-1280.png` });
  // The kitchen works the board by status: the first New order accepted (A), again and again;
  // then half of them marked Ready (R); then every order completed (C). Each step waits for the
  // counts to move, so the next first row is the next order.
  await page.getByRole('button', { name: 'Now' }).click();
  const first = page.locator('button[data-order]').first();
  await status.getByText('New', { exact: true }).click();
  for (let left = 49; left >= 0; left--) {
    await first.click();
    await page.keyboard.press('a');
    const accept = page.getByRole('dialog', { name: /^Accept order #\d+$/ });
    await accept.getByRole('button', { name: '15 min' }).click();
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(accept).toBeHidden();
    await expect(count('New')).toHaveText(String(left));
  }
  await expect(count('In progress')).toHaveText('50');
  await status.getByText('In progress', { exact: true }).click();
  for (let left = 49; left >= 25; left--) {
    await first.click();
    await page.keyboard.press('r');
    await expect(count('In progress')).toHaveText(String(left));
  }
  await expect(count('Ready')).toHaveText('25');
  await page.screenshot({ path: `${SHOTS}/order-board-service-middle-1280.png` });
  // The Ready list answers slowly, as on a busy evening's Wi-Fi: until it comes, the In-progress
  // rows stay drawn, and the tap that follows must not pick (and complete) one of them.
  const slowReady = (url: URL) =>
    url.pathname.endsWith('/orders') && url.searchParams.get('status') === 'ready';
  await page.route(
    slowReady,
    async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    },
    { times: 1 },
  );
  for (const filter of ['Ready', 'In progress']) {
    await status.getByText(filter, { exact: true }).click();
    for (let left = 24; left >= 0; left--) {
      await first.click();
      await page.keyboard.press('c');
      await expect(count(filter)).toHaveText(String(left));
    }
  }
  await expect(count('All')).toHaveText('0');
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(count('Done')).toHaveText('50');
  expect(ids).toHaveLength(50);
  await d.api.dispose();
});

test('on a phone a tapped order scrolls to its detail, and Back to the list returns to its row', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const d = await newDiner(request, baseURL);
  const tag = `Tap${Date.now() % 100000}`;
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(await placeCashOrder(d, `${tag} ${i + 1}`));
  await page.setViewportSize({ width: 390, height: 844 });
  await openBoard(page);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag);
  await expect(page.locator('button[data-order]')).toHaveCount(4);
  const heading = detail(page).getByRole('heading', { level: 2 });
  const tapped = row(page, ids[1]!);
  await tapped.click();
  // Below the list at this width: a tap that changed nothing on screen would leave it out of view.
  await expect(heading).toBeInViewport();
  await expect(heading).toContainText((await tapped.locator('.order-row__number').textContent())!);
  await expect(detail(page).getByRole('button', { name: 'Accept', exact: true })).toBeInViewport();
  await expect(tapped).not.toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/order-board-tapped-390.png` });
  await detail(page).getByRole('button', { name: 'Back to the list' }).click();
  await expect(tapped).toBeInViewport();
  await expect(tapped).toBeFocused();
  await d.api.dispose();
});
