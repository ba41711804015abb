// The contract's shared schemas under their old home, for the routes not yet moved to
// src/contract (cart, checkout, payments, transactions: a follow-up moves them and removes this).
export { errorBody, merchantIdParam, uuidParam } from '../../contract/index.js';
