// Tips (spec §4: 10 % by default, 15 % for delivery, or Other for an amount; the store's own
// presets when it chose them, issue 28) and the promo code
// entry, which becomes a badge with the percentage off; pressing the badge removes the code; an
// invalid code shows its message for 2 seconds.
import { useEffect, useState } from 'react';
import { Button, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import type { CartView } from '../../../contract/cart.js';
import { MESSAGES } from '../../../domain/messages.js';
import {
  MAX_CUSTOM_TIP_CENTS,
  presetRatesPpm,
  type TipPresets,
} from '../../../domain/pricing/tips.js';
import { isApiError } from '../../lib/api.js';
import type { CheckoutInfoBody } from '../cart/queries.js';
import { FormError } from '../dialog/FormError.js';

/** How long "Invalid promotion code." stays (spec §4). */
export const PROMO_MESSAGE_MS = 2_000;

const percent = (ppm: number) => `${ppm / 10_000}%`;

export function Tips({
  cart,
  presets = null,
  onSave,
}: {
  cart: CartView;
  /** The store's presets (the spec's 0/10/15/20 % when null). */
  presets?: TipPresets | null;
  onSave: (changes: Partial<CheckoutInfoBody>) => void;
}) {
  const tip = cart.checkoutInfo.tip;
  const selected = tip.kind === 'custom' ? 'other' : String(tip.ratePpm);
  const [other, setOther] = useState(tip.kind === 'custom' ? (tip.cents / 100).toFixed(2) : '');
  const [error, setError] = useState<string | null>(null);

  function saveOther(text: string) {
    const cents = Math.round(Number(text) * 100);
    if (
      text.trim() === '' ||
      !Number.isFinite(cents) ||
      cents < 0 ||
      cents > MAX_CUSTOM_TIP_CENTS
    ) {
      setError(MESSAGES.INVALID);
      return;
    }
    setError(null);
    onSave({ tip: { kind: 'custom', cents } });
  }

  return (
    <section className="checkout-section" aria-labelledby="tips-title">
      <h3 id="tips-title" className="checkout-section__title">
        Tips
      </h3>
      <RadioGroup
        className="choice-group choice-group--row"
        aria-labelledby="tips-title"
        orientation="horizontal"
        value={selected}
        onChange={(v) => {
          if (v === 'other') return saveOther(other || '0');
          onSave({
            tip: { kind: 'percent', ratePpm: Number(v) },
          });
        }}
      >
        {presetRatesPpm(presets).map((ppm) => (
          <Radio key={ppm} className="choice choice--chip" value={String(ppm)}>
            {percent(ppm)}
          </Radio>
        ))}
        <Radio className="choice choice--chip" value="other">
          Other
        </Radio>
      </RadioGroup>
      {selected === 'other' ? (
        <TextField
          className="field field--short"
          value={other}
          onChange={(v) => setOther(v.replace(/[^\d.]/g, ''))}
          onBlur={() => saveOther(other)}
          inputMode="decimal"
        >
          <Label>Tip amount ($)</Label>
          <Input />
        </TextField>
      ) : null}
      <FormError message={error} />
    </section>
  );
}

export function PromoCode({
  cart,
  onSave,
}: {
  cart: CartView;
  onSave: (changes: Partial<CheckoutInfoBody>) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), PROMO_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  async function apply() {
    const typed = code.trim().toUpperCase();
    if (!typed || busy) return;
    setBusy(true);
    try {
      await onSave({ promoCode: typed });
      setCode('');
    } catch (e) {
      setMessage(isApiError(e) ? e.message : MESSAGES.INVALID_PROMO_CODE);
    } finally {
      setBusy(false);
    }
  }

  if (cart.promoCode) {
    return (
      <div className="promo">
        <Button
          className="promo-badge"
          aria-label={`Remove promo code ${cart.promoCode.code}`}
          onPress={() => void onSave({ promoCode: null })}
        >
          {cart.promoCode.code} · {Math.round(cart.promoCode.percentageOff * 100)}% off ×
        </Button>
      </div>
    );
  }
  return (
    <form
      className="promo"
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <TextField
        className="field promo__field"
        value={code}
        onChange={(v) => setCode(v.toUpperCase())}
        autoComplete="off"
      >
        <Label>Promo code</Label>
        <Input />
      </TextField>
      <Button type="submit" className="button promo__apply" isPending={busy}>
        Apply
      </Button>
      <FormError message={message} className="checkout-error promo__message" />
      {cart.promoCodeDropped && !message ? (
        // A saved code that no longer applies (expired, or the merchant removed it): the server
        // prices without it; say so rather than let the discount vanish silently.
        <p className="checkout-note promo__message" role="status">
          Your promo code no longer applies to this order.
        </p>
      ) : null}
    </form>
  );
}
