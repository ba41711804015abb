// The sessions module's public file (docs/decisions/module-boundaries.md).
export {
  type CustomerPrincipal,
  type MerchantPrincipal,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type SessionKind,
  createSession,
  destroySession,
  endMerchantSessions,
  findCustomerSession,
  findMerchantSession,
  purgeExpiredSessions,
} from './sessions.service.js';
