// The checkout page's body (issue 25), lazy: it replaces the menu while `?view=checkout` is in the
// URL (../layer.ts), under the page's head (./CheckoutHead.tsx, in the first load). From 1184 px
// the form and the order's summary (the cart's lines, tips, promo code, amounts, Place the order)
// are two columns; from 640 px one column at the page's width; under 640 px a full-screen step
// (the store header and category bar hide). The layout is CSS (checkout-page.css); the sections
// are CheckoutView's. docs/decisions/storefront-checkout-browser.md.
import type { ComponentProps } from 'react';
import CheckoutView from './CheckoutView.js';
import './checkout-page.css';

export default function CheckoutPage(props: ComponentProps<typeof CheckoutView>) {
  return <CheckoutView {...props} />;
}
