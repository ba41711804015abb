// The merchants module's public file (docs/decisions/module-boundaries.md): other modules find a
// merchant by its public id here.
export type { MerchantRow, MerchantSettingsSet } from './merchants.repository.js';
export {
  STORE_UNAVAILABLE,
  checkedMerchantId,
  listMerchants,
  setMerchantDisabled,
} from './merchant-care.service.js';
export {
  findMerchantBySlug,
  findMerchantByUuid,
  listDineinTableNames,
  lockMerchantBySlug,
  replaceDineinTables,
  updateMerchantPayment,
  updateMerchantSettings,
  updateMerchantSettingsIfUnchanged,
} from './merchant-records.service.js';
export {
  createMerchantAccount,
  parseNewMerchant,
  resetMerchantPassword,
} from './merchant-accounts.service.js';
