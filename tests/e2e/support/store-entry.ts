// The store page greets a new tab with its notice, then the store location and Pickup-or-Delivery
// choices (src/web/storefront/entry). Journeys about something else start as a diner who has
// already seen them in this tab: call this before the first page.goto of a test.
import type { Page } from '@playwright/test';

interface Storage {
  setItem(key: string, value: string): void;
}

export async function skipStoreEntry(page: Page, merchantIds: readonly string[] = ['demo']) {
  await page.addInitScript((ids) => {
    // Runs in the page (typed here without the DOM library).
    const { sessionStorage } = globalThis as unknown as { sessionStorage: Storage };
    for (const id of ids) {
      sessionStorage.setItem(
        `forkful.storeEntry.${id}`,
        JSON.stringify({ notice: true, choices: true }),
      );
    }
  }, merchantIds);
}
