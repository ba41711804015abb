// TSYS TransIT for the tsys and tsys2 providers (docs/decisions/gateway-transit.md).
export {
  TRANSIT_ECOMMERCE_TERMINAL,
  TRANSIT_TRANSACTION_ADJUSTMENT,
  TSYS2_CAPABILITIES,
  TSYS_CAPABILITIES,
  TransitNotSupported,
  createTransitGateway,
  type TransitGatewayOptions,
  type TransitProvider,
} from './gateway.js';
export { TransitKeyError, generateTransitKey } from './generate-key.js';
export {
  TRANSIT_DEFAULT_TIMEOUT_MS,
  TRANSIT_HOSTS,
  type TransitExpiryFormat,
  transitEndpoint,
} from './wire.js';
