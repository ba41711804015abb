// Tip presets (issue 28; spec §4: 0 %, 10 %, 15 %, 20 % and Other, 15 % by default for delivery,
// 10 % otherwise, which every store starts with): the percents the checkout offers beside Other
// and the default per order method. The server prices with them and refuses others.
import { ORDER_METHODS, type OrderMethod } from '../../../../domain/settings/schemas.js';
import type { TipPresets } from '../../../../domain/pricing/tips.js';
import { TextInput } from '../../components/fields.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { checkedSave } from './save.js';

const METHOD_LABELS: Record<OrderMethod, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  curbside: 'Curbside',
  dinein: 'Dine-in',
  roomServiceDelivery: 'Room service',
};

interface Draft {
  /** As typed: "0, 10, 15, 20". */
  percents: string;
  defaults: Record<OrderMethod, string>;
}

/** "0, 10, 15, 20" → [0, 10, 15, 20]; anything that is not a number stays for the schema to refuse. */
function parsePercents(text: string): number[] {
  return text
    .split(/[\s,;%]+/)
    .filter(Boolean)
    .map((p) => (/^\d+(\.\d+)?$/.test(p) ? Number(p) : Number.NaN));
}

export function TipPresetsSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  const presets = settings.tipPresets;
  return (
    <SettingsSection<Draft>
      title="Tip presets"
      failure="storeSetting"
      initial={() => ({
        percents: presets.percents.join(', '),
        defaults: Object.fromEntries(
          ORDER_METHODS.map((m) => [m, String(presets.defaults[m])]),
        ) as Record<OrderMethod, string>,
      })}
      save={(d) => {
        const tipPresets: TipPresets = {
          percents: parsePercents(d.percents),
          defaults: Object.fromEntries(
            ORDER_METHODS.map((m) => [m, Number(d.defaults[m])]),
          ) as Record<OrderMethod, number>,
        };
        return checkedSave({ tipPresets }, save.mutateAsync);
      }}
      read={
        <dl className="store-facts">
          <div className="store-facts__row">
            <dt>Tips offered</dt>
            <dd data-testid="tip-presets">
              {[...presets.percents.map((p) => `${p}%`), 'Other'].join(' · ')}
            </dd>
          </div>
          {ORDER_METHODS.map((m) => (
            <div key={m} className="store-facts__row">
              <dt>Default for {METHOD_LABELS[m]}</dt>
              <dd>{presets.defaults[m]}%</dd>
            </div>
          ))}
        </dl>
      }
      edit={({ draft, setDraft, errors, idBase }) => {
        const offered = parsePercents(draft.percents).filter((p) => Number.isInteger(p));
        return (
          <div className="store-form__stack">
            <TextInput
              id={`${idBase}-percents`}
              label="Tips offered (%), separated by commas"
              value={draft.percents}
              onChange={(percents) => setDraft({ ...draft, percents })}
              error={
                errors['tipPresets.percents'] ??
                Object.entries(errors).find(([k]) => k.startsWith('tipPresets.percents.'))?.[1]
              }
              hint="Whole percents from 0 to 100, at most 6. Other is always offered."
            />
            <div className="store-form__grid">
              {ORDER_METHODS.map((m) => (
                <div key={m} className="dash-field">
                  <label htmlFor={`${idBase}-default-${m}`}>Default for {METHOD_LABELS[m]}</label>
                  <select
                    id={`${idBase}-default-${m}`}
                    value={draft.defaults[m]}
                    aria-invalid={errors[`tipPresets.defaults.${m}`] ? true : undefined}
                    onChange={(e) =>
                      setDraft({ ...draft, defaults: { ...draft.defaults, [m]: e.target.value } })
                    }
                  >
                    {offered.includes(Number(draft.defaults[m])) ? null : (
                      <option value={draft.defaults[m]}>{draft.defaults[m]}% (not offered)</option>
                    )}
                    {offered.map((p) => (
                      <option key={p} value={String(p)}>
                        {p}%
                      </option>
                    ))}
                  </select>
                  {errors[`tipPresets.defaults.${m}`] ? (
                    <p className="form-error">{errors[`tipPresets.defaults.${m}`]}</p>
                  ) : null}
                </div>
              ))}
            </div>
          </div>
        );
      }}
    />
  );
}
