// The Converge adapter (provider 'elavon'): hosted Lightbox payments plus the XML API follow-ups.
export {
  CONVERGE_HOSTS,
  CONVERGE_PATHS,
  type ConvergeOptions,
  createConvergeGateway,
} from './converge.js';
export {
  type ConvergeLightboxOutcome,
  type ConvergeLightboxResponse,
  convergeLightboxOutcome,
  convergeLightboxResponse,
} from './lightbox-response.js';
export { convergeRefOf, orderRefFromConverge } from './wire.js';
