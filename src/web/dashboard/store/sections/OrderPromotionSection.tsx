// Order promotion (spec §2 Store, §4 free add-on): on or off, the tiers (spend $X, choose one of
// the free items), and the hours it applies (none: whenever the store is open).
import { formatMoney, formatUsd } from '../../../../domain/format/money.js';
import type { WeeklyHours } from '../../../../domain/settings/schemas.js';
import { CheckField, TextInput } from '../../components/fields.js';
import { HoursEditor, HoursRead } from '../HoursEditor.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { checkedSave, yesNo } from './save.js';

interface Tier {
  amount: string;
  freeItemNames: string;
}
interface Draft {
  enabled: boolean;
  tiers: Tier[];
  limited: boolean;
  hours: WeeklyHours;
}

export function OrderPromotionSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection<Draft>
      title="Order promotion"
      failure="orderPromotion"
      initial={() => ({
        enabled: settings.enableOrderPromotion,
        tiers: settings.orderPromotions.map((p) => ({
          amount: formatMoney(p.amountCents),
          freeItemNames: p.freeItemNames.join(', '),
        })),
        limited: settings.orderPromotionsAvailableTime !== null,
        hours: settings.orderPromotionsAvailableTime ?? {},
      })}
      save={(d) =>
        checkedSave(
          {
            enableOrderPromotion: d.enabled,
            orderPromotions: d.tiers,
            orderPromotionsAvailableTime: d.limited ? d.hours : null,
          },
          save.mutateAsync,
        )
      }
      read={
        <>
          <p>On: {yesNo(settings.enableOrderPromotion)}</p>
          {settings.orderPromotions.length ? (
            <ul className="store-list">
              {settings.orderPromotions.map((p, i) => (
                <li key={i}>
                  Spend {formatUsd(p.amountCents)}: choose one of {p.freeItemNames.join(', ')}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No tiers.</p>
          )}
          {settings.orderPromotionsAvailableTime ? (
            <HoursRead hours={settings.orderPromotionsAvailableTime} />
          ) : (
            <p>Applies whenever the store is open.</p>
          )}
        </>
      }
      edit={({ draft, setDraft, errors, idBase }) => {
        const setTier = (i: number, patch: Partial<Tier>) =>
          setDraft({
            ...draft,
            tiers: draft.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)),
          });
        return (
          <div className="store-form__stack">
            <CheckField
              id={`${idBase}-on`}
              label="Order promotion on"
              checked={draft.enabled}
              onChange={(enabled) => setDraft({ ...draft, enabled })}
            />
            {draft.tiers.map((t, i) => (
              <fieldset key={i} className="menu-fieldset store-form__grid">
                <legend>Tier {i + 1}</legend>
                <TextInput
                  id={`${idBase}-amount-${i}`}
                  label="Spend at least ($)"
                  inputMode="decimal"
                  value={t.amount}
                  onChange={(amount) => setTier(i, { amount })}
                  error={errors[`orderPromotions.${i}.amount`]}
                />
                <TextInput
                  id={`${idBase}-items-${i}`}
                  label="Free items"
                  hint="Separated by commas"
                  value={t.freeItemNames}
                  onChange={(freeItemNames) => setTier(i, { freeItemNames })}
                  error={errors[`orderPromotions.${i}.freeItemNames`]}
                />
                <button
                  type="button"
                  className="button button--small"
                  onClick={() =>
                    setDraft({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) })
                  }
                >
                  Remove tier {i + 1}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                setDraft({ ...draft, tiers: [...draft.tiers, { amount: '', freeItemNames: '' }] })
              }
            >
              Add tier
            </button>
            {errors.orderPromotions ? <p className="form-error">{errors.orderPromotions}</p> : null}
            <CheckField
              id={`${idBase}-limited`}
              label="Only at these hours"
              checked={draft.limited}
              onChange={(limited) => setDraft({ ...draft, limited })}
            />
            {draft.limited ? (
              <HoursEditor
                value={draft.hours}
                onChange={(hours) => setDraft({ ...draft, hours })}
                errors={errors}
                idBase={idBase}
                errorPrefix="orderPromotionsAvailableTime."
              />
            ) : null}
          </div>
        );
      }}
    />
  );
}
