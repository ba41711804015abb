// The menu's views live in the contract (src/contract/menu.ts); this name stays for the cart and
// checkout code until they move to the contract too (follow-up of issue 10).
export type { CategoryView, ItemView, PublicItemView } from '../../../contract/menu.js';
