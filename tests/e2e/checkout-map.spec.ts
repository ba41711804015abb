// Issue 11: the address section's map (checklist S2.36). Tiles come from MAP_TILE_URL (OpenStreetMap
// by default) and the test machine has no internet, so the tile host is answered here: the journey
// proves the tiles are asked for at the configured host and that the Content Security Policy lets
// them in. Without an answer the map stays blank and the address text still says where.
import { expect, test } from '@playwright/test';
import { resetServerTime, setTime } from './support/clock.js';
import { addSimpleItem, openCheckout } from './support/checkout.js';
import { skipStoreEntry } from './support/store-entry.js';

// Tuesday 24 Nov 2026, 12:00 in New York: open, Dim Sum served (it is not all day, so the
// journey must not depend on the hour it runs at).
const TUESDAY_NOON = '2026-11-24T17:00:00Z';
test.afterEach(async ({ request }) => resetServerTime(request));

// A 1×1 PNG: what a tile server would answer, in as few bytes as possible.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('the checkout shows the store on a map for pickup and the delivery point for delivery', async ({
  page,
  request,
}) => {
  await setTime(page, request, TUESDAY_NOON);
  const tiles: string[] = [];
  await page.route('https://tile.openstreetmap.org/**', async (route) => {
    tiles.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  const refusedByCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusedByCsp.push(m.text());
  });
  await skipStoreEntry(page);
  await page.goto('/store/demo');
  await addSimpleItem(page, 'Har Gow (4)');
  await openCheckout(page);

  const pickupMap = page.getByRole('img', { name: /^Map: 52 Mott Street/ });
  await expect(pickupMap).toBeVisible();
  await expect(pickupMap.locator('.location-map__pin')).toBeVisible();
  await expect(pickupMap.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(tiles.length).toBeGreaterThan(0);
  expect(
    tiles.every((u) => /^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/.test(u)),
  ).toBe(true);
  expect(refusedByCsp).toEqual([]);

  await page.getByRole('radiogroup', { name: 'Method' }).getByText('Delivery').click();
  const address = page.getByRole('combobox', { name: 'Delivery address' });
  await address.pressSequentially('100 Centre St 10013', { delay: 20 });
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const chosen = (await option.textContent()) ?? '';
  await option.click();
  const deliveryMap = page.getByRole('img', { name: /^Map: / });
  await expect(deliveryMap).toHaveAccessibleName(`Map: ${chosen.trim()}`);
  await expect(deliveryMap.locator('.location-map__pin')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('checkout-map.png') });
});
