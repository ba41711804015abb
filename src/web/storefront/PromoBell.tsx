import type { PromoMethod } from '../../domain/settings/schemas.js';
import { BellIcon } from '../components/Icons.js';

/** The bell that marks a category with a promotion (spec §2); its label names the promotion. */
export function PromoBell({ promo }: { promo: PromoMethod }) {
  return (
    <span className="promo-bell" title={promo.name}>
      <BellIcon title={`Promotion: ${promo.name}`} />
    </span>
  );
}
