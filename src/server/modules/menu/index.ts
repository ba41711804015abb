// The menu module's public file (docs/decisions/module-boundaries.md): the menu as the API shows
// it, for the merchant's data export.
export { getCategories, getItems } from './menu.service.js';
