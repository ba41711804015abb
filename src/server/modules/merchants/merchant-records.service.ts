// What other modules may read and change of a merchant's row (its public id, its settings, its
// payment choice, its dine-in tables), each the repository's statement offered as a service, so
// the public file index.ts names no repository (docs/decisions/module-boundaries.md).
import * as repository from './merchants.repository.js';

// Read models: a merchant by its public id (slug) or uuid, its dine-in table names.
export const findMerchantBySlug: typeof repository.findMerchantBySlug = (...args) =>
  repository.findMerchantBySlug(...args);
export const findMerchantByUuid: typeof repository.findMerchantByUuid = (...args) =>
  repository.findMerchantByUuid(...args);
export const listDineinTableNames: typeof repository.listDineinTableNames = (...args) =>
  repository.listDineinTableNames(...args);

// Writes, in the caller's transaction: the store-settings save and the payment-provider switch.
export const lockMerchantBySlug: typeof repository.lockMerchantBySlug = (...args) =>
  repository.lockMerchantBySlug(...args);
export const replaceDineinTables: typeof repository.replaceDineinTables = (...args) =>
  repository.replaceDineinTables(...args);
export const updateMerchantPayment: typeof repository.updateMerchantPayment = (...args) =>
  repository.updateMerchantPayment(...args);
export const updateMerchantSettings: typeof repository.updateMerchantSettings = (...args) =>
  repository.updateMerchantSettings(...args);

/** The settings save of a Store pane that read `settingsVersion`: null when another save came first. */
export const updateMerchantSettingsIfUnchanged: typeof repository.updateMerchantSettingsIfUnchanged =
  (...args) => repository.updateMerchantSettingsIfUnchanged(...args);
