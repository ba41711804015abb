// The rows of the tables, as the drizzle schema gives them, for the few types declared outside the
// modules that need them (the app context's placement hook): app-context.ts imports nothing from
// modules/, so the types it names come from here (docs/decisions/module-boundaries.md).
import type { merchants, orderLines, orders } from './schema/index.js';

export type MerchantRow = typeof merchants.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
