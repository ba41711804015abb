// PAYMENT's card fields and "Place the order" (spec §4 "Placing an order"): the server runs the
// spec's checks in order and answers the first failure, shown as a banner for 5 seconds (the card
// error stays); an anonymous diner verifies the phone; the order is sent with one idempotency key
// per attempt, retried with the same key when the answer is lost; then the order-placed page.
// Card fields live only in this component's memory and leave only in the send-order call.
import type { TipPresets } from '../../../domain/pricing/tips.js';
import { sendOrder } from '../../../contract/refs.js';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { CartView } from '../../../contract/cart.js';
import {
  formatCardNumber,
  formatExpiry,
  keepCardDigits,
  keepCvv,
  keepExpiryDigits,
  keepPhoneDigits,
} from '../../../domain/format/fields.js';
import {
  type CheckoutCardValues,
  checkoutFieldErrors,
} from '../../../domain/validation/checkout-fields.js';
import { ApiError, call } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { cartKeys } from '../cart/queries.js';
import { checkoutBodyWithChanges } from '../entry/checkoutBody.js';
import { CheckoutField, ShowAllFieldErrors } from './CheckoutField.js';
import { CAPTCHA_UNAVAILABLE, captchaTokens, useCaptchaSettings } from './captcha.js';
import { payOnHostedPage } from './hosted-page.js';
import { PhoneVerification } from './PhoneVerification.js';
import {
  UNKNOWN_OUTCOME,
  isBotCheckRefusal,
  needsPhoneVerification,
  newIdempotencyKey,
  refusalField,
  sendWithRetries,
} from './send-order.js';

/** Validation banners go after 5 seconds; the card's stays until the next try (spec §5). */
export const BANNER_MS = 5_000;

interface Banner {
  text: string;
  sticky: boolean;
}

const emptyCard: CheckoutCardValues = {
  cardNumber: '',
  expiry: '',
  cvv: '',
  billingStreet: '',
  billingZip: '',
};

export function PlaceOrder({
  merchantId,
  uid,
  cart,
  latestCart,
  cardOnHostedPage = false,
  zone,
  allowAmex,
  tipPresets = null,
  onPlacePressed,
  savePhone,
}: {
  merchantId: string;
  uid: string;
  cart: CartView;
  /** The store's tip presets (issue 28): a saved tip it no longer offers becomes its default. */
  tipPresets?: TipPresets | null;
  /** The store's gateway takes the card on its own page (Converge): no card fields here. */
  cardOnHostedPage?: boolean;
  /** The cart once every checkout save so far is answered (what the order must match). */
  latestCart: () => Promise<CartView | undefined>;
  /** The merchant's time zone and Amex flag, for the card fields' rules (spec §5). */
  zone: string;
  allowAmex: boolean;
  /** Told at each press, so every checkout field shows its message from then on. */
  onPlacePressed?: () => void;
  /** Saves a phone corrected in the verification modal to the checkout (what the server checks). */
  savePhone?: (digits: string) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [card, setCard] = useState(emptyCard);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [placing, setPlacing] = useState(false);
  const [verifyPhone, setVerifyPhone] = useState(false);
  // One key per attempt, kept while its outcome is unknown (docs/decisions/storefront-checkout.md).
  const key = useRef<string | null>(null);
  const inFlight = useRef(false);
  const byCard = cart.checkoutInfo.paymentMethod === 'creditcard';
  const captcha = useCaptchaSettings();
  // Card fields show their message once left, or once Place the order is pressed (spec §5).
  const [left, setLeft] = useState<Partial<Record<keyof CheckoutCardValues, true>>>({});
  const [pressed, setPressed] = useState(false);
  const showAll = useContext(ShowAllFieldErrors) || pressed;
  const cardErrors = checkoutFieldErrors(
    { ...cart.checkoutInfo, card },
    { now: Date.now(), zone, allowAmex },
  );
  const cardField = (name: keyof CheckoutCardValues) => ({
    error: left[name] || showAll ? cardErrors[name] : null,
    onBlur: () => setLeft((l) => ({ ...l, [name]: true })),
  });

  useEffect(() => {
    if (!banner || banner.sticky) return;
    const timer = window.setTimeout(() => setBanner(null), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  async function place() {
    // The guard against a double submission: a second press while one is on its way does nothing.
    if (inFlight.current) return;
    inFlight.current = true;
    setPressed(true);
    onPlacePressed?.();
    setPlacing(true);
    setBanner(null);
    try {
      const latest = (await latestCart()) ?? cart;
      const withCard = latest.checkoutInfo.paymentMethod === 'creditcard';
      const checkout = {
        ...checkoutBodyWithChanges(latest.checkoutInfo, {}, tipPresets),
        card: withCard && !cardOnHostedPage ? card : null,
      };
      // The bot check runs at the press (its tokens expire), before anything is sent.
      const tokens = await captchaTokens(captcha.data, withCard);
      if (!tokens) {
        setBanner({ text: CAPTCHA_UNAVAILABLE, sticky: false });
        return;
      }
      const attemptKey = (key.current ??= newIdempotencyKey());
      const outcome = await sendWithRetries(
        (k) =>
          call(sendOrder, {
            params: { merchantId, uid },
            body: {
              idempotencyKey: k,
              checkout,
              ...tokens,
              expectedTotalCents: latest.amounts.totalCents,
            },
          }),
        attemptKey,
      );
      if (outcome.kind === 'placed' && outcome.answer.hostedPayment) {
        // The order is written and waits for the card on the provider's page.
        try {
          const paid = await payOnHostedPage(merchantId, uid, {
            ...outcome.answer,
            hostedPayment: outcome.answer.hostedPayment,
          });
          outcome.answer = paid;
        } catch (error) {
          if (error instanceof ApiError) {
            // Lost answer: the same key opens the page again for the same order.
            if (error.code === 'network_error') setBanner({ text: UNKNOWN_OUTCOME, sticky: true });
            else refused(error);
          } else {
            setBanner({
              text: error instanceof Error ? error.message : String(error),
              sticky: true,
            });
          }
          return;
        }
      }
      if (outcome.kind === 'placed') {
        key.current = null;
        await client.invalidateQueries({ queryKey: cartKeys.cart(merchantId, uid) });
        navigate(`/store/${merchantId}/order_placed/${outcome.answer._id}`);
        return;
      }
      if (outcome.kind === 'unknown') {
        setBanner({ text: UNKNOWN_OUTCOME, sticky: true });
        return;
      }
      refused(outcome.error);
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }

  function refused(error: ApiError) {
    // Nothing was placed under this key: the next press is a new attempt.
    key.current = null;
    if (needsPhoneVerification(error)) {
      setVerifyPhone(true);
      return;
    }
    if (isBotCheckRefusal(error)) return;
    const field = refusalField(error);
    const detail = error.issues.find((i) => i.message !== error.message)?.message;
    const text =
      detail && field !== 'expectedTotalCents' ? `${error.message} ${detail}` : error.message;
    setBanner({ text, sticky: field === 'card' || error.status === 402 });
    // The cart may have changed (a declined card drops the free add-on, a total moved): re-read it.
    void client.invalidateQueries({ queryKey: cartKeys.cart(merchantId, uid) });
  }

  return (
    <div className="place-order">
      {byCard && cardOnHostedPage ? (
        <p className="checkout-hosted-note">
          You will enter your card on the secure payment page that opens when you place the order.
        </p>
      ) : null}
      {byCard && !cardOnHostedPage ? (
        <fieldset className="checkout-section card-fields">
          <legend className="checkout-section__title">Card</legend>
          <CheckoutField
            label="Card number"
            value={formatCardNumber(card.cardNumber)}
            onChange={(v) => setCard({ ...card, cardNumber: keepCardDigits(v) })}
            inputMode="numeric"
            autoComplete="cc-number"
            {...cardField('cardNumber')}
          />
          <div className="field-row">
            <CheckoutField
              label="Expiry (MM/YY)"
              value={formatExpiry(card.expiry)}
              onChange={(v) => setCard({ ...card, expiry: keepExpiryDigits(v) })}
              inputMode="numeric"
              autoComplete="cc-exp"
              {...cardField('expiry')}
            />
            <CheckoutField
              label="CVV"
              value={card.cvv}
              onChange={(v) => setCard({ ...card, cvv: keepCvv(v) })}
              inputMode="numeric"
              autoComplete="cc-csc"
              {...cardField('cvv')}
            />
          </div>
          <CheckoutField
            label="Billing street"
            value={card.billingStreet}
            onChange={(v) => setCard({ ...card, billingStreet: v })}
            autoComplete="billing street-address"
            maxLength={200}
            {...cardField('billingStreet')}
          />
          <CheckoutField
            label="Billing ZIP"
            value={card.billingZip}
            onChange={(v) => setCard({ ...card, billingZip: v.replace(/\D/g, '').slice(0, 10) })}
            inputMode="numeric"
            autoComplete="billing postal-code"
            {...cardField('billingZip')}
          />
        </fieldset>
      ) : null}
      {banner ? (
        <p className="checkout-banner" role="alert">
          {banner.text}
        </p>
      ) : null}
      <Button
        className="button button--primary place-order__button"
        isPending={placing}
        onPress={() => void place()}
      >
        {placing
          ? 'Placing your order…'
          : `Place the order ${formatCents(cart.amounts.totalCents)}`}
      </Button>
      {verifyPhone ? (
        <PhoneVerification
          phone={cart.checkoutInfo.phone}
          onCancel={() => setVerifyPhone(false)}
          onVerified={(digits) => {
            setVerifyPhone(false);
            void (async () => {
              if (digits !== keepPhoneDigits(cart.checkoutInfo.phone)) {
                try {
                  await savePhone?.(digits);
                } catch (e) {
                  setBanner({ text: e instanceof Error ? e.message : String(e), sticky: false });
                  return;
                }
              }
              await place();
            })();
          }}
        />
      ) : null}
    </div>
  );
}
