// How a category promotion reads on a badge (spec §3 promoMethod; checklist E3.25–E3.27). Its own
// small file: the store page shows it in its first load, the dashboard in its category list.
import type { PromoMethod } from '../settings/schemas.js';
import { formatDollarsShort } from './money.js';

/** "BUY 2 GET 1 FREE", "BUY $20 GET $5 OFF", "BUY $30 GET 10% OFF" (spec §3). */
export function promoDisplayText(promo: Pick<PromoMethod, 'type' | 'x' | 'y'>): string {
  switch (promo.type) {
    case 'BUY_X_GET_Y_FREE':
      return `BUY ${promo.x} GET ${promo.y} FREE`;
    case 'MEET_X_MINUS_Y':
      return `BUY ${formatDollarsShort(promo.x)} GET ${formatDollarsShort(promo.y)} OFF`;
    default:
      return `BUY ${formatDollarsShort(promo.x)} GET ${promo.y}% OFF`;
  }
}
