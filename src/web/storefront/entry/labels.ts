// How the store page names the order methods (the checkout uses the same words).
import type { OrderMethod } from '../../../domain/settings/schemas.js';

export const METHOD_LABELS: Record<OrderMethod, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  curbside: 'Curbside',
  dinein: 'Dine-in',
  roomServiceDelivery: 'Room service',
};
