// The cart module's public file (docs/decisions/module-boundaries.md).
export { orderAmountsView } from './cart.schemas.js';
