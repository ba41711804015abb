// The diners module's public file (docs/decisions/module-boundaries.md): the anonymous diner id.
export { ANON_ID_COOKIE, ensureAnonId, isAnonId, missingAnonId, readAnonId } from './anon-id.js';
