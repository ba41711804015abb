// Shapes of the demo menu as written by hand in this folder. The seeder maps them onto the
// database (src/server/db/seed/). Money is integer cents everywhere.
import type { PromoMethod, WeeklyHours } from '../../../../domain/settings/schemas.js';

export interface SeedOptionValue {
  name: string;
  name2?: string;
  /** Extra charge in cents; 0 when the choice is free. */
  priceCents: number;
}

/**
 * An option group. Bounds follow spec §5: minNumberToSelect/maxNumberToSelect when given,
 * else numberToSelect exact (0 = unlimited).
 */
export interface SeedOptionGroup {
  name: string;
  name2?: string;
  numberToSelect?: number;
  minNumberToSelect?: number;
  maxNumberToSelect?: number;
  required?: boolean;
  values: SeedOptionValue[];
}

export interface SeedSize {
  name: string;
  name2?: string;
  priceCents: number;
}

export interface SeedItem {
  name: string;
  name2: string;
  description: string;
  /** Base price in cents; when sizes exist the chosen size's price replaces it. */
  priceCents: number;
  raw?: boolean;
  spicy?: boolean;
  vegan?: boolean;
  soldOut?: boolean;
  sizes?: SeedSize[];
  /** Keys into SeedMenu.optionGroups, in display order. */
  options?: string[];
  /** Printer keys (SeedMenu.printers) this item prints on; defaults to the kitchen printer. */
  printers?: string[];
}

export interface SeedCategory {
  /** Stable key, unique within the menu: used to find the category again on a later seed. */
  key: string;
  name: string;
  name2: string;
  description: string;
  /** When set, the category is orderable only in these periods (merchant time zone). */
  availableHour?: WeeklyHours;
  promoMethod?: PromoMethod;
  unavailableForBranch?: boolean;
  items: SeedItem[];
}

export interface SeedPrinter {
  key: string;
  name: string;
  description: string;
  printFormat: 'kitchen' | 'receipt' | 'label';
}

export interface SeedMenu {
  optionGroups: Record<string, SeedOptionGroup>;
  printers: SeedPrinter[];
  categories: SeedCategory[];
}
