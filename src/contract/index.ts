// The API contract (docs/decisions/api-contract.md): every route's path, request schemas and
// answers per status, and the error body with its closed list of codes. The server registers its
// routes with these schemas; the browser builds its calls and infers its types from them.
// Pure like src/domain: imports only zod, src/domain and itself; no clock, environment or I/O.
export * from './route.js';
export * from './errors.js';
export * from './common.js';
export * from './store.js';
export * from './menu.js';
export * from './orders.js';
export * from './customers.js';
export * from './oidc.js';
export * from './verification.js';
export * from './utils.js';
export * from './contacts.js';
export * from './merchants.js';
export * from './printers.js';
export * from './printer-settings.js';
export * from './cloudprnt.js';
export * from './images.js';
export * from './captcha.js';
export * from './dev-outbox.js';
export * from './health.js';
export * from './diners.js';
export * from './cart.js';
export * from './test-controls.js';
export * from './transactions.js';
export * from './customer-session.js';
export * from './checkout.js';
export * from './hosted-payments.js';
export * from './merchant-orders.js';
export * from './merchant-reports.js';
export * from './store-settings.js';
export * from './promo-codes.js';
export * from './menu-writes.js';
export * from './menu-structure.js';
export * from './files.js';
export * from './payment-gateway.js';
export * from './provider-routes.js';
export * from './provider-routes-tsys2.js';
export * from './phone-orders.js';
export * from './merchant-export.js';
