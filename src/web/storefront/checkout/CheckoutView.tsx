// The checkout (spec §2 "Checkout page sections", §4): METHOD; DELIVERY or PICKUP ADDRESS with
// the contact fields the method needs; TIME; PAYMENT; PROMOTION (the free add-on); tips and the
// promo code; SUMMARY with the server's amounts and Place the order / Back to Menu. Every choice
// is saved with PUT …/checkoutInfo and the answer (the repriced cart) is what is shown.
// Lazy-loaded when Checkout is pressed: none of it is in the store page's first load.
import { type ReactNode, useEffect, useState } from 'react';
import { Button, Radio, RadioGroup } from 'react-aria-components';
import './checkout.css';
import type { CartView } from '../../../contract/cart.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { formatPhone, keepPhoneDigits } from '../../../domain/format/fields.js';
import {
  type CheckoutField,
  type CheckoutFieldValues,
  checkoutFieldErrors,
} from '../../../domain/validation/checkout-fields.js';
import {
  offeredOrderMethods,
  offeredPaymentMethods,
  paymentLabel,
} from '../../../domain/place-order/methods.js';
import type { OrderMethod, PaymentMethod } from '../../../domain/settings/schemas.js';
import type { CheckoutInfoBody } from '../cart/queries.js';
import { formatAddress } from '../display.js';
import { METHOD_LABELS } from '../entry/labels.js';
import { AddressField } from './AddressField.js';
import { DeliveryHint } from './DeliveryHint.js';
import { AddressMap } from '../../components/map/AddressMap.js';
import { whenIdle } from '../first-paint.js';
import { ShowAllFieldErrors } from './CheckoutField.js';
import { BANNER_MS, PlaceOrder } from './PlaceOrder.js';
import { Amounts, DeliveryMinimumNote } from './Summary.js';
import { TextSetting } from './TextSetting.js';
import { TimeSection } from './TimeSection.js';
import { PromoCode, Tips } from './TipsAndPromo.js';
import { useCheckoutSave } from './useCheckoutSave.js';
import { useSignedInPrefill } from './useSignedInPrefill.js';

const NO_FREE_ITEM = '__none__';

export default function CheckoutView({
  merchantId,
  uid,
  info,
  cart,
  tableName,
  onBackToMenu,
  order,
}: {
  merchantId: string;
  uid: string;
  info: PublicBusinessInfo;
  cart: CartView;
  tableName: string | undefined;
  onBackToMenu: () => void;
  /** The order's lines (the cart panel), at the head of the summary column. */
  order?: ReactNode;
}) {
  const save = useCheckoutSave(merchantId, uid);
  // A refused choice is shown for 5 seconds like the other banners (spec §5); the promo code
  // entry shows its own refusal.
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (!refusal) return;
    const timer = window.setTimeout(() => setRefusal(null), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [refusal]);
  const saveNow = (changes: Partial<CheckoutInfoBody>) =>
    void save.save(changes).catch((e: unknown) => {
      setRefusal(e instanceof Error ? e.message : 'Could not save your choice.');
    });
  const c = cart.checkoutInfo;
  useSignedInPrefill(c, saveNow);
  const methods = offeredOrderMethods(info, tableName ?? null);
  const payments = offeredPaymentMethods(info);
  // A table name in the route forces dine-in at that table (spec §4); any other saved method is
  // not offered there, so the checkout saves the table's choice as it opens.
  const forcedTable = tableName && (c.orderMethod !== 'dinein' || c.dineinTableName !== tableName);
  useEffect(() => {
    if (forcedTable) saveNow({ orderMethod: 'dinein', dineinTableName: tableName });
    // Keyed on the table only: saveNow is a new function each render.
  }, [forcedTable, tableName]);
  const pickupAddress =
    c.isBranch && info.branchAddress
      ? formatAddress(info.branchAddress)
      : formatAddress(info.address);
  const storeLocation = c.isBranch && info.branchLocation ? info.branchLocation : info.location;
  // Field messages (spec §5) from the domain's rules, judged on what the field holds now with the
  // other choices as saved; every field shows its message once Place the order is pressed.
  const [placeTried, setPlaceTried] = useState(false);
  const saved: CheckoutFieldValues = { ...c, card: null };
  const check =
    (field: CheckoutField) =>
    (value: string): string | null =>
      checkoutFieldErrors(
        { ...saved, [field]: value },
        { now: Date.now(), zone: info.timeZone, allowAmex: info.allowAmericanExpressCard },
      )[field] ?? null;

  return (
    <ShowAllFieldErrors.Provider value={placeTried}>
      <div className="checkout" aria-label="Checkout">
        {refusal ? (
          <p className="checkout-banner" role="alert">
            {refusal}
          </p>
        ) : null}

        <section className="checkout-section" aria-labelledby="method-title">
          <h3 id="method-title" className="checkout-section__title">
            Method
          </h3>
          <RadioGroup
            className="choice-group"
            aria-labelledby="method-title"
            value={c.orderMethod}
            onChange={(m) =>
              saveNow({
                orderMethod: m as OrderMethod,
                dineinTableName: m === 'dinein' ? (tableName ?? c.dineinTableName) : '',
              })
            }
          >
            {methods.map((m) => (
              <Radio key={m} className="choice" value={m}>
                {m === 'dinein' && tableName
                  ? `${METHOD_LABELS[m]} · Table ${tableName}`
                  : METHOD_LABELS[m]}
              </Radio>
            ))}
          </RadioGroup>
        </section>

        <section className="checkout-section" aria-labelledby="address-title">
          <h3 id="address-title" className="checkout-section__title">
            {c.orderMethod === 'delivery' ? 'Delivery address' : 'Pickup address'}
          </h3>
          {c.orderMethod === 'delivery' ? (
            <>
              <AddressField
                saved={c.deliveryAddress}
                check={check('deliveryAddress')}
                onSave={(address, location) =>
                  saveNow({ deliveryAddress: address, deliveryLocation: location })
                }
              />
              {c.deliveryAddress === '' ? (
                // Cancelling the address goes back to pickup (spec §4).
                <Button className="link-button" onPress={() => saveNow({ orderMethod: 'pickup' })}>
                  Cancel delivery and pick up instead
                </Button>
              ) : null}
              <DeliveryHint delivery={cart.delivery} />
              {c.deliveryAddress !== '' ? (
                <AddressMap at={c.deliveryLocation} label={c.deliveryAddress} after={whenIdle} />
              ) : null}
              <TextSetting
                label="Delivery note"
                autoComplete="off"
                saved={c.deliveryNote}
                onSave={(v) => saveNow({ deliveryNote: v })}
                maxLength={500}
              />
            </>
          ) : (
            <>
              <p className="checkout-address">
                {c.isBranch && info.branchName ? `${info.branchName}, ` : `${info.name}, `}
                {pickupAddress}
              </p>
              <AddressMap at={storeLocation} label={pickupAddress} after={whenIdle} />
            </>
          )}
          {c.orderMethod === 'roomServiceDelivery' ? (
            <div className="field-row">
              <TextSetting
                label="Room number"
                autoComplete="off"
                check={check('roomServiceRoom')}
                saved={c.roomServiceRoom}
                onSave={(v) => saveNow({ roomServiceRoom: v })}
                maxLength={20}
              />
              <TextSetting
                label="Last name"
                check={check('lastName')}
                saved={c.lastName}
                onSave={(v) => saveNow({ lastName: v })}
                autoComplete="family-name"
                maxLength={50}
              />
            </div>
          ) : (
            <>
              <div className="field-row">
                <TextSetting
                  label="Name"
                  check={check('customerName')}
                  saved={c.customerName}
                  onSave={(v) => saveNow({ customerName: v })}
                  autoComplete="name"
                  maxLength={50}
                />
                <TextSetting
                  label="Phone"
                  check={check('phone')}
                  saved={c.phone}
                  onSave={(v) => saveNow({ phone: v })}
                  format={formatPhone}
                  clean={keepPhoneDigits}
                  autoComplete="tel"
                  inputMode="tel"
                />
              </div>
              <TextSetting
                label="Email (optional)"
                check={check('customerEmail')}
                saved={c.customerEmail}
                onSave={(v) => saveNow({ customerEmail: v })}
                autoComplete="email"
                inputMode="email"
                maxLength={50}
              />
            </>
          )}
          {c.orderMethod === 'curbside' ? (
            <div className="field-row">
              <TextSetting
                label="Car make and model"
                autoComplete="off"
                check={check('carMakeModel')}
                saved={c.carMakeModel}
                onSave={(v) => saveNow({ carMakeModel: v })}
                maxLength={100}
              />
              <TextSetting
                label="Car color"
                autoComplete="off"
                check={check('carColor')}
                saved={c.carColor}
                onSave={(v) => saveNow({ carColor: v })}
                maxLength={50}
              />
            </div>
          ) : null}
        </section>

        <TimeSection info={info} cart={cart} onSave={saveNow} />

        <section className="checkout-section" aria-labelledby="payment-title">
          <h3 id="payment-title" className="checkout-section__title">
            Payment
          </h3>
          <RadioGroup
            className="choice-group"
            aria-labelledby="payment-title"
            value={c.paymentMethod}
            onChange={(p) => saveNow({ paymentMethod: p as PaymentMethod })}
          >
            {payments.map((p) => (
              <Radio key={p} className="choice" value={p}>
                {paymentLabel(p, c.orderMethod)}
              </Radio>
            ))}
          </RadioGroup>
        </section>

        {cart.freeAddon.dropped ? (
          // The chosen free item is no longer offered (the subtotal fell under the promotion's
          // amount, or the merchant changed it): the server left it out; say so.
          <p className="checkout-note" role="status">
            Your free item was removed: this order no longer qualifies for it.
          </p>
        ) : null}
        {cart.freeAddon.offered ? (
          <section className="checkout-section" aria-labelledby="promotion-title">
            <h3 id="promotion-title" className="checkout-section__title">
              Promotion
            </h3>
            <RadioGroup
              className="choice-group"
              aria-labelledby="promotion-title"
              value={c.freeAddonItemName ?? NO_FREE_ITEM}
              onChange={(v) => saveNow({ freeAddonItemName: v === NO_FREE_ITEM ? null : v })}
            >
              <Radio className="choice" value={NO_FREE_ITEM}>
                No free item
              </Radio>
              {cart.freeAddon.freeItemNames.map((n) => (
                <Radio key={n} className="choice" value={n}>
                  {n} (free)
                </Radio>
              ))}
            </RadioGroup>
          </section>
        ) : null}

        <div className="checkout-bottom">
          {order}
          <Tips cart={cart} presets={info.tipPresets} onSave={saveNow} />
          <section className="checkout-section" aria-label="Promo code entry">
            <PromoCode cart={cart} onSave={save.save} />
          </section>
          <section className="checkout-section" aria-labelledby="summary-title">
            <h3 id="summary-title" className="checkout-section__title">
              Summary
            </h3>
            <Amounts cart={cart} info={info} />
            <DeliveryMinimumNote cart={cart} info={info} />
          </section>
          <PlaceOrder
            merchantId={merchantId}
            uid={uid}
            cart={cart}
            latestCart={save.settled}
            cardOnHostedPage={info.ecomm_provider === 'elavon'}
            zone={info.timeZone}
            allowAmex={info.allowAmericanExpressCard}
            tipPresets={info.tipPresets}
            onPlacePressed={() => setPlaceTried(true)}
            savePhone={(phone) => save.save({ phone })}
          />
          <Button className="button checkout__back" onPress={onBackToMenu}>
            Back to Menu
          </Button>
        </div>
      </div>
    </ShowAllFieldErrors.Provider>
  );
}
