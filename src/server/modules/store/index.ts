// The store module's public file (docs/decisions/module-boundaries.md): the merchant's settings as
// its dashboard shows them, for the merchant's data export.
export { getMerchantBusinessInfo } from './store-settings.service.js';
