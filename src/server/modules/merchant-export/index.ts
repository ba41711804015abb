// The merchant-export module's public file (docs/decisions/module-boundaries.md).
export {
  csvField,
  ExportAbortedError,
  exportMerchantOrders,
  merchantMenuExport,
  merchantSettingsExport,
} from './merchant-export.service.js';
