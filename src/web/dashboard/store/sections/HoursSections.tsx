// Weekly business hours and delivery hours (spec §2 Store). Delivery hours are one daily period,
// or none (delivery whenever the store is open).
import { formatMinutes12h } from '../../../../domain/format/time.js';
import type { OpenPeriod } from '../../../../domain/settings/schemas.js';
import { CheckField } from '../../components/fields.js';
import { HoursEditor, HoursRead, periodText } from '../HoursEditor.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { checkedSave } from './save.js';

export function BusinessHoursSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Business hours"
      failure="businessHours"
      initial={() => settings.businessHour}
      save={(businessHour) => checkedSave({ businessHour }, save.mutateAsync)}
      read={<HoursRead hours={settings.businessHour} />}
      edit={({ draft, setDraft, errors, idBase }) => (
        <HoursEditor
          value={draft}
          onChange={setDraft}
          errors={errors}
          idBase={idBase}
          errorPrefix="businessHour."
        />
      )}
    />
  );
}

const DEFAULT_DELIVERY: OpenPeriod = { open: 11 * 60, close: 21 * 60 };
const steps = (from: number, to: number) => {
  const out: number[] = [];
  for (let m = from; m <= to; m += 15) out.push(m);
  return out;
};

export function DeliveryHoursSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  const current = settings.deliveryAvailableTime;
  return (
    <SettingsSection
      title="Delivery hours"
      failure="storeSetting"
      initial={() => ({ limited: current !== null, period: current ?? DEFAULT_DELIVERY })}
      save={(d) =>
        checkedSave({ deliveryAvailableTime: d.limited ? d.period : null }, save.mutateAsync)
      }
      read={<p>{current ? `Every day ${periodText(current)}` : 'Whenever the store is open'}</p>}
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          <CheckField
            id={`${idBase}-limited`}
            label="Deliver only between these times"
            checked={draft.limited}
            onChange={(limited) => setDraft({ ...draft, limited })}
          />
          {draft.limited ? (
            <div className="store-hours-edit__period">
              <label htmlFor={`${idBase}-open`}>From</label>
              <select
                id={`${idBase}-open`}
                value={draft.period.open}
                onChange={(e) =>
                  setDraft({ ...draft, period: { ...draft.period, open: Number(e.target.value) } })
                }
              >
                {steps(0, 1425).map((m) => (
                  <option key={m} value={m}>
                    {formatMinutes12h(m)}
                  </option>
                ))}
              </select>
              <label htmlFor={`${idBase}-close`}>to</label>
              <select
                id={`${idBase}-close`}
                value={draft.period.close}
                aria-invalid={errors['deliveryAvailableTime.close'] ? true : undefined}
                onChange={(e) =>
                  setDraft({ ...draft, period: { ...draft.period, close: Number(e.target.value) } })
                }
              >
                {steps(15, 1440).map((m) => (
                  <option key={m} value={m}>
                    {m === 1440 ? '12:00 AM (midnight)' : formatMinutes12h(m)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {errors['deliveryAvailableTime.close'] ? (
            <p className="form-error">{errors['deliveryAvailableTime.close']}</p>
          ) : null}
        </div>
      )}
    />
  );
}
