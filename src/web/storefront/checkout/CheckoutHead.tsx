// The checkout page's title, its way back to the menu and what it keeps (issue 25). In the store
// page's first load, unlike the rest of the checkout: a checkout link or a refresh shows it with
// the page's first paint while the checkout's chunk and the diner's cart are on their way (the
// page's largest text then paints first: bench/storefront, LCP of the checkout page).
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { offeredPaymentMethods } from '../../../domain/place-order/methods.js';

export const CHECKOUT_PAGE_TITLE_ID = 'checkout-page-title';

export function CheckoutHead({
  info,
  onBackToMenu,
}: {
  info: PublicBusinessInfo;
  onBackToMenu: () => void;
}) {
  const byCard = offeredPaymentMethods(info).includes('creditcard');
  return (
    <>
      <div className="checkout-page__head">
        <button type="button" className="link-button checkout-page__menu" onClick={onBackToMenu}>
          <span aria-hidden>←</span> Menu
        </button>
        <h2 id={CHECKOUT_PAGE_TITLE_ID} className="checkout-page__title">
          Checkout
        </h2>
      </div>
      {/* A refresh reopens the checkout with every saved choice; the card is held only on this
          page, so the diner is told before typing it. */}
      <p className="checkout-page__note">
        Your choices are saved as you make them.
        {byCard
          ? ' Card details are never saved: after leaving or refreshing this page, enter them again.'
          : ''}
      </p>
    </>
  );
}
