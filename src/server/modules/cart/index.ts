// The cart module's public file (docs/decisions/module-boundaries.md): send order reads the cart
// it places, checks the checkout choices with the cart's own rules, and drops the free add-on
// after a failed card payment.
export {
  checkOfferedChoices,
  computeDeliveryMiles,
  dropFreeAddon,
  loadCart,
} from './cart.service.js';
