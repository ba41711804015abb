// The cart module's public file (docs/decisions/module-boundaries.md): send order reads the cart
// it places and checks the checkout choices with the cart's own rules.
export {
  ADDRESS_NOT_FOUND,
  checkOfferedChoices,
  computeDeliveryMiles,
  loadCart,
  priceChoices,
} from './cart.service.js';
export type { PricedCart } from './cart-pricing.js';
