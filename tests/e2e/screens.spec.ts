// Screenshots of the demo store for review: desktop and mobile, written to test-results/screens/.
import { expect, test } from '@playwright/test';
import { skipStoreEntry } from './support/store-entry.js';

// The store's arrival modals have their own journey (store-page-modals.spec.ts).
test.beforeEach(({ page }) => skipStoreEntry(page));

const screens = [
  { name: 'store-demo-desktop', width: 1280, height: 800 },
  { name: 'store-demo-mobile', width: 390, height: 844 },
];

for (const screen of screens) {
  test(`the demo store renders at ${screen.width}×${screen.height} (${screen.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/store/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Golden Lotus' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The page never scrolls sideways: only the category bar does.
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${screen.name}.png` });
    // Scrolled into the menu: the sticky category bar (or the sidebar) stays in view.
    await page.mouse.wheel(0, 1400);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `test-results/screens/${screen.name}-scrolled.png` });
  });
}
