// The menu reads' page sizes, apart from menu.ts's schemas so the store page can read them without
// loading zod.

/** The most items one menu read returns (and the largest `limit/:n`). */
export const MAX_ITEMS = 2000;

/** The store page's first small page of items (painted while the full list loads). */
export const FIRST_ITEMS_PAGE = 10;
