// The verification module's public file (docs/decisions/module-boundaries.md).
export { isPhoneVerified } from './verification.service.js';
