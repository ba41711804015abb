// The dashboard journeys' shared steps: signing in through the sign-in page, and axe with the
// project's rules (see a11y.spec.ts).
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_MERCHANT = { id: 'demo', password: 'Demo1234' };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

export async function signInToDashboard(page: Page) {
  await page.goto('/merchant/login');
  await page.getByLabel('Merchant ID').fill(DEMO_MERCHANT.id);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/merchant\/merchantId\/demo$/);
}

/** axe finds no serious or critical violation on the page (or the part `scope` selects). */
export async function expectNoBlockingViolations(page: Page, name: string, scope?: string) {
  let builder = new AxeBuilder({ page })
    .withTags(TAGS)
    // react-aria's live announcer (not our markup; see a11y.spec.ts).
    .exclude('[role="log"][aria-live="assertive"] > [role="img"]');
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const other = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (other.length)
    console.log(`${name}: also ${other.map((v) => `${v.impact} ${v.id}`).join(', ')}`);
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}
