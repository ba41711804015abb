// What the item cards show, from the merchant's flags (spec §2): the raw, spicy and vegan marks
// and the second-language names.
import type { PublicBusinessInfo } from '../../contract/store.js';

export interface MenuDisplay {
  raw: boolean;
  spicy: boolean;
  vegan: boolean;
  secondLanguage: boolean;
}

export const SHOW_ALL: MenuDisplay = { raw: true, spicy: true, vegan: true, secondLanguage: true };

/** The item modal also follows hideItemSpecialInstructionInput. */
export interface ItemDisplay extends MenuDisplay {
  specialInstructions: boolean;
}

export function itemDisplay(info: PublicBusinessInfo): ItemDisplay {
  return { ...menuDisplay(info), specialInstructions: !info.hideItemSpecialInstructionInput };
}

export function menuDisplay(info: PublicBusinessInfo): MenuDisplay {
  return {
    raw: info.showRawItemNote,
    spicy: info.showSpicyItemNote,
    vegan: info.showVeganItemNote,
    secondLanguage: info.showSecondLanguage,
  };
}

// One formatter for the browser and the server (the order-placed page's address comes from it).
export { formatAddress } from '../../domain/format/address.js';
