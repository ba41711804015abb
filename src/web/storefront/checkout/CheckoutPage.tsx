// The checkout page (issue 25): it replaces the menu while `?view=checkout` is in the URL
// (../layer.ts). From 1184 px the form and the order's summary (the cart's lines, tips, promo
// code, amounts, Place the order) are two columns; from 640 px one column at the page's width;
// under 640 px a full-screen step (the store header and category bar hide). The layout is CSS
// (checkout-page.css); the sections are CheckoutView's. docs/decisions/storefront-checkout-browser.md.
import type { ComponentProps } from 'react';
import { offeredPaymentMethods } from '../../../domain/place-order/methods.js';
import CheckoutView from './CheckoutView.js';
import './checkout-page.css';

export const CHECKOUT_PAGE_TITLE_ID = 'checkout-page-title';

export default function CheckoutPage(props: ComponentProps<typeof CheckoutView>) {
  const byCard = offeredPaymentMethods(props.info).includes('creditcard');
  return (
    <main className="checkout-page" aria-labelledby={CHECKOUT_PAGE_TITLE_ID}>
      <div className="checkout-page__head">
        <button
          type="button"
          className="link-button checkout-page__menu"
          onClick={props.onBackToMenu}
        >
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
      <CheckoutView {...props} />
    </main>
  );
}
