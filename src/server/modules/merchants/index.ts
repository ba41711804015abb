// The merchants module's public file (docs/decisions/module-boundaries.md): other modules find a
// merchant by its public id here.
export {
  type MerchantRow,
  findMerchantBySlug,
  findMerchantByUuid,
  listDineinTableNames,
  lockMerchantBySlug,
  type MerchantSettingsSet,
  replaceDineinTables,
  updateMerchantPayment,
  updateMerchantSettings,
  updateMerchantSettingsIfUnchanged,
} from './merchants.repository.js';
