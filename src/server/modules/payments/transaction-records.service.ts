// What other modules may read and record of a payment's transactions (the charge of an order, a
// merchant's transaction by id), each the repository's statement offered as a service, so the
// public file index.ts names no repository (docs/decisions/module-boundaries.md). Issue 26's one
// payments interface takes the place of the writes.
import * as repository from './payments.repository.js';

// Read models: an order's charge, a merchant's transaction.
export const findChargeTransaction: typeof repository.findChargeTransaction = (...args) =>
  repository.findChargeTransaction(...args);
export const findMerchantTransaction: typeof repository.findMerchantTransaction = (...args) =>
  repository.findMerchantTransaction(...args);

// Writes, in the caller's transaction.
export const insertTransaction: typeof repository.insertTransaction = (...args) =>
  repository.insertTransaction(...args);
export const updateTransaction: typeof repository.updateTransaction = (...args) =>
  repository.updateTransaction(...args);
