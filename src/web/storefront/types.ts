// What the store page reads from the storefront API (spec §7). Field names follow the spec's
// (including `discription`); money is integer cents.
import type { PromoMethod } from '../../domain/settings/schemas.js';

export interface StoreAddress {
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface BusinessInfo {
  merchantId: string;
  name: string;
  description: string;
  logoUrl: string | null;
  phone: string;
  address: StoreAddress;
  homePageNotice: string | null;
  dineinNotice?: string | null;
  /** Merchant flags for what the menu shows (spec §2); a missing flag shows the note. */
  showRawItemNote?: boolean;
  showSpicyItemNote?: boolean;
  showVeganItemNote?: boolean;
  showSecondLanguage?: boolean;
}

/** What the item cards show, from the merchant's flags. */
export interface MenuDisplay {
  raw: boolean;
  spicy: boolean;
  vegan: boolean;
  secondLanguage: boolean;
}

export const SHOW_ALL: MenuDisplay = { raw: true, spicy: true, vegan: true, secondLanguage: true };

export function menuDisplay(info: BusinessInfo): MenuDisplay {
  return {
    raw: info.showRawItemNote ?? true,
    spicy: info.showSpicyItemNote ?? true,
    vegan: info.showVeganItemNote ?? true,
    secondLanguage: info.showSecondLanguage ?? true,
  };
}

export interface Category {
  _id: string;
  name: string;
  name_2nd: string | null;
  description: string | null;
  promoMethod: PromoMethod | null;
}

export interface MenuItem {
  _id: string;
  _idCategory: string;
  name: string;
  name_2nd: string | null;
  discription: string | null;
  priceCents: number;
  imgUrl: string | null;
  soldout: boolean;
  raw_sign: boolean;
  spicy_sign: boolean;
  vegan_sign: boolean;
  /** False outside the item's or its category's hours; the note says why (spec §4). */
  available?: boolean;
  unavailableNote?: string | null;
}
