// The store's own settings (spec §2 Store: tax rate, delivery and curbside, and the settings the
// spec lists in §3 without a section of their own: payment methods, display flags, customer-info
// collection; the card gateway is PaymentGatewaySection.tsx). Each saves with "Fail to save store
// setting" on failure (spec §8).
import { formatMoney, formatUsd } from '../../../../domain/format/money.js';
import { parseDollarsToCents } from '../../../../domain/money/parse.js';
import { MESSAGES } from '../../../../domain/messages.js';
import { CheckField, TextInput } from '../../components/fields.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { useShownFor } from '../../../lib/use-shown-for.js';
import { SettingsSection, type FieldErrors } from '../SettingsSection.js';
import { firstError, splitList } from './list-text.js';
import { checkedSave, yesNo } from './save.js';

type Props = { settings: MerchantSettings };
type Flags<K extends string> = readonly (readonly [K, string])[];

/** A section's on/off settings in its read view: one "label: Yes/No" row each. */
function FlagRows<K extends string>({
  flags,
  values,
}: {
  flags: Flags<K>;
  values: Record<K, boolean>;
}) {
  return flags.map(([f, label]) => (
    <div key={f} className="store-facts__row">
      <dt>{label}</dt>
      <dd>{yesNo(values[f])}</dd>
    </div>
  ));
}

/** The same settings in the edit view: one checkbox each. */
function FlagChecks<K extends string, D extends Record<K, boolean>>({
  flags,
  draft,
  setDraft,
  idBase,
}: {
  flags: Flags<K>;
  draft: D;
  setDraft: (next: D) => void;
  idBase: string;
}) {
  return flags.map(([f, label]) => (
    <CheckField
      key={f}
      id={`${idBase}-${f}`}
      label={label}
      checked={draft[f]}
      onChange={(on) => setDraft({ ...draft, [f]: on })}
    />
  ));
}

/** A fraction as typed back: 0.08875 stays "0.08875" (no float noise). */
const rateText = (rate: number) => String(Number(rate.toFixed(6)));

/** The spec's tax-rate message shows for 5 seconds (spec §5, checklist V5.75 / K9.41). */
export const TAX_MESSAGE_MS = 5_000;

/** The tax-rate field; its message hides 5 s after each failed save (a new errors object). */
function TaxRateInput({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
}) {
  const shown = useShownFor(errors.taxRate ? errors : null, TAX_MESSAGE_MS);
  return (
    <TextInput
      id={id}
      label="Tax rate"
      hint="A fraction between 0 and 1, e.g. 0.08875"
      inputMode="decimal"
      value={value}
      onChange={onChange}
      error={shown ? errors.taxRate : undefined}
    />
  );
}

/** A rate as a percentage for reading: 0.18 → "18 %". */
const percentText = (rate: number) => `${Number((rate * 100).toFixed(4))} %`;

export function TaxSection({ settings }: Props) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Tax rate"
      failure="storeSetting"
      initial={() => ({ taxRate: rateText(settings.taxRate) })}
      save={(d) => checkedSave({ taxRate: d.taxRate }, save.mutateAsync)}
      read={
        <p>
          {rateText(settings.taxRate)} ({percentText(settings.taxRate)})
        </p>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <TaxRateInput
          id={`${idBase}-tax`}
          value={draft.taxRate}
          onChange={(taxRate) => setDraft({ taxRate })}
          errors={errors}
        />
      )}
    />
  );
}

/**
 * The fixed gratuity (spec §3 fixedTipRate, §9; checklist K9.8): charged by the server on every
 * order when set, on the subtotal before discounts (docs/decisions/domain-rules.md).
 */
export function GratuitySection({ settings }: Props) {
  const save = useSaveSettings(settings.merchantId);
  const rate = settings.fixedTipRate;
  return (
    <SettingsSection
      title="Fixed gratuity"
      failure="storeSetting"
      initial={() => ({ fixedTipRate: rate > 0 ? rateText(rate) : '' })}
      save={(d) => checkedSave({ fixedTipRate: d.fixedTipRate }, save.mutateAsync)}
      read={
        <p>
          {rate > 0
            ? `${rateText(rate)} (${percentText(rate)} of the subtotal, on every order)`
            : 'None'}
        </p>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <TextInput
          id={`${idBase}-gratuity`}
          label="Gratuity rate"
          hint="A fraction between 0 and 1, e.g. 0.18 for 18 %; empty for none. Added to every order's total."
          inputMode="decimal"
          value={draft.fixedTipRate}
          onChange={(fixedTipRate) => setDraft({ fixedTipRate })}
          error={errors.fixedTipRate}
        />
      )}
    />
  );
}

const METHODS = [
  ['delivery', 'Delivery'],
  ['curbside', 'Curbside'],
  ['roomService', 'Hotel room service'],
  ['dinein', 'Dine-in'],
] as const;
type MethodFlag = (typeof METHODS)[number][0];
interface FeeRow {
  miles: string;
  fee: string;
}
interface DeliveryDraft extends Record<MethodFlag, boolean> {
  fees: FeeRow[];
  minOrder: string;
}

/** Fee rows and the minimum as the API takes them, or the messages of the rows that are wrong. */
function deliveryNumbers(d: DeliveryDraft) {
  const errors: FieldErrors = {};
  const fees = d.fees.map((row, i) => {
    const miles = Number(row.miles.trim());
    const cents = parseDollarsToCents(row.fee.trim());
    if (row.miles.trim() === '' || !Number.isFinite(miles) || miles <= 0 || miles > 500)
      errors[`deliveryFees.${i}.deliveryRangeInMile`] = MESSAGES.INVALID;
    if (cents === null) errors[`deliveryFees.${i}.deliveryFeeCents`] = MESSAGES.INVALID;
    return { deliveryRangeInMile: miles, deliveryFeeCents: cents ?? 0 };
  });
  const min = d.minOrder.trim() === '' ? 0 : parseDollarsToCents(d.minOrder.trim());
  if (min === null) errors.minOrderForDeliveryCents = MESSAGES.INVALID;
  return { errors, fees, min: min ?? 0 };
}

export function DeliverySection({ settings }: Props) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection<DeliveryDraft>
      title="Delivery and curbside"
      failure="storeSetting"
      initial={() => ({
        delivery: settings.delivery,
        curbside: settings.curbside,
        roomService: settings.roomService,
        dinein: settings.dinein,
        fees: settings.deliveryFees.map((f) => ({
          miles: String(f.deliveryRangeInMile),
          fee: formatMoney(f.deliveryFeeCents),
        })),
        minOrder: formatMoney(settings.minOrderForDeliveryCents),
      })}
      save={async (d) => {
        const { errors, fees, min } = deliveryNumbers(d);
        if (Object.keys(errors).length > 0) return errors;
        return checkedSave(
          {
            delivery: d.delivery,
            curbside: d.curbside,
            roomService: d.roomService,
            dinein: d.dinein,
            deliveryFees: fees,
            minOrderForDeliveryCents: min,
          },
          save.mutateAsync,
        );
      }}
      read={
        <dl className="store-facts">
          <FlagRows flags={METHODS} values={settings} />
          <dt>Delivery fees</dt>
          <dd>
            {settings.deliveryFees.length
              ? settings.deliveryFees
                  .map((f) => `up to ${f.deliveryRangeInMile} mi: ${formatUsd(f.deliveryFeeCents)}`)
                  .join('; ')
              : '—'}
          </dd>
          <dt>Minimum order for delivery</dt>
          <dd>{formatUsd(settings.minOrderForDeliveryCents)}</dd>
        </dl>
      }
      edit={({ draft, setDraft, errors, idBase }) => {
        const setRow = (i: number, patch: Partial<FeeRow>) =>
          setDraft({
            ...draft,
            fees: draft.fees.map((r, j) => (j === i ? { ...r, ...patch } : r)),
          });
        return (
          <div className="store-form__stack">
            <div className="menu-form__checks">
              <FlagChecks flags={METHODS} draft={draft} setDraft={setDraft} idBase={idBase} />
            </div>
            {draft.fees.map((row, i) => (
              <fieldset key={i} className="menu-fieldset store-form__grid">
                <legend>Delivery range {i + 1}</legend>
                <TextInput
                  id={`${idBase}-miles-${i}`}
                  label="Up to (miles)"
                  inputMode="decimal"
                  value={row.miles}
                  onChange={(miles) => setRow(i, { miles })}
                  error={errors[`deliveryFees.${i}.deliveryRangeInMile`]}
                />
                <TextInput
                  id={`${idBase}-fee-${i}`}
                  label="Fee ($)"
                  inputMode="decimal"
                  value={row.fee}
                  onChange={(fee) => setRow(i, { fee })}
                  error={errors[`deliveryFees.${i}.deliveryFeeCents`]}
                />
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setDraft({ ...draft, fees: draft.fees.filter((_, j) => j !== i) })}
                >
                  Remove range {i + 1}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => setDraft({ ...draft, fees: [...draft.fees, { miles: '', fee: '' }] })}
            >
              Add delivery range
            </button>
            <TextInput
              id={`${idBase}-min`}
              label="Minimum order for delivery ($)"
              inputMode="decimal"
              value={draft.minOrder}
              onChange={(minOrder) => setDraft({ ...draft, minOrder })}
              error={errors.minOrderForDeliveryCents}
            />
          </div>
        );
      }}
    />
  );
}

const PAYMENT_FLAGS = [
  ['supportCreditcardPayment', 'Card payments'],
  ['supportCashPayment', 'Cash payments'],
  ['allowAmericanExpressCard', 'American Express accepted'],
] as const;

/** How diners may pay. The card gateway and its credentials are PaymentGatewaySection's. */
export function PaymentSection({ settings }: Props) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Payment"
      failure="storeSetting"
      initial={() => ({
        supportCreditcardPayment: settings.supportCreditcardPayment,
        supportCashPayment: settings.supportCashPayment,
        allowAmericanExpressCard: settings.allowAmericanExpressCard,
      })}
      save={(d) => checkedSave({ ...d }, save.mutateAsync)}
      read={
        <dl className="store-facts">
          <FlagRows flags={PAYMENT_FLAGS} values={settings} />
        </dl>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          <div className="menu-form__checks">
            <FlagChecks flags={PAYMENT_FLAGS} draft={draft} setDraft={setDraft} idBase={idBase} />
          </div>
          {errors.supportCashPayment || errors.supportCreditcardPayment ? (
            <p className="form-error" role="alert">
              {errors.supportCashPayment ?? errors.supportCreditcardPayment}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}

const DISPLAY_FLAGS = [
  ['showRawItemNote', 'Show the raw-food note on items'],
  ['showSpicyItemNote', 'Show the spicy note on items'],
  ['showVeganItemNote', 'Show the vegan note on items'],
  ['showSecondLanguage', 'Show second-language names'],
  ['hideItemSpecialInstructionInput', 'Hide the special instructions box'],
] as const;

export function DisplaySection({ settings }: Props) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Display"
      failure="storeSetting"
      initial={() =>
        Object.fromEntries(DISPLAY_FLAGS.map(([f]) => [f, settings[f]])) as Record<
          (typeof DISPLAY_FLAGS)[number][0],
          boolean
        >
      }
      save={(d) => checkedSave({ ...d }, save.mutateAsync)}
      read={
        <dl className="store-facts">
          <FlagRows flags={DISPLAY_FLAGS} values={settings} />
        </dl>
      }
      edit={({ draft, setDraft, idBase }) => (
        <div className="menu-form__checks">
          <FlagChecks flags={DISPLAY_FLAGS} draft={draft} setDraft={setDraft} idBase={idBase} />
        </div>
      )}
    />
  );
}

export function CustomerInfoSection({ settings }: Props) {
  const save = useSaveSettings(settings.merchantId);
  const c = settings.customerInfoCollect;
  return (
    <SettingsSection
      title="Customer info collection"
      failure="storeSetting"
      initial={() => ({
        enabled: c?.enabled ?? false,
        noticeMsg: c?.noticeMsg ?? '',
        emails: (c?.recevingEmail ?? []).join('\n'),
        subject: c?.subject ?? '',
      })}
      save={(d) =>
        checkedSave(
          {
            customerInfoCollect: {
              enabled: d.enabled,
              noticeMsg: d.noticeMsg,
              recevingEmail: splitList(d.emails),
              subject: d.subject,
            },
          },
          save.mutateAsync,
        )
      }
      read={
        <dl className="store-facts">
          <dt>Asks diners after an order</dt>
          <dd>{yesNo(c?.enabled ?? false)}</dd>
          <dt>Notice</dt>
          <dd>{c?.noticeMsg || '—'}</dd>
          <dt>Sent to</dt>
          <dd>{c?.recevingEmail.length ? c.recevingEmail.join(', ') : '—'}</dd>
          <dt>Subject</dt>
          <dd>{c?.subject || '—'}</dd>
        </dl>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          <CheckField
            id={`${idBase}-on`}
            label="Ask diners for their details after an order"
            checked={draft.enabled}
            onChange={(enabled) => setDraft({ ...draft, enabled })}
          />
          <TextInput
            id={`${idBase}-notice`}
            label="Notice"
            multiline
            value={draft.noticeMsg}
            onChange={(noticeMsg) => setDraft({ ...draft, noticeMsg })}
            error={errors['customerInfoCollect.noticeMsg']}
          />
          <TextInput
            id={`${idBase}-emails`}
            label="Send the details to"
            hint="One email per line"
            multiline
            value={draft.emails}
            onChange={(emails) => setDraft({ ...draft, emails })}
            error={firstError(errors, 'customerInfoCollect.recevingEmail')}
          />
          <TextInput
            id={`${idBase}-subject`}
            label="Email subject"
            value={draft.subject}
            onChange={(subject) => setDraft({ ...draft, subject })}
            error={errors['customerInfoCollect.subject']}
          />
        </div>
      )}
    />
  );
}
