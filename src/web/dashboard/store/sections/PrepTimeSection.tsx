// Food-preparing time estimates (spec §2 Store, §3 foodPreparingTime): per weekday a status from a
// fixed list (the spec does not show it: Normal, Busy, Very busy — the stored values), the
// estimate and the pickup and delivery ranges in minutes; and whether diners may schedule orders
// (enableFoodTimeSchedule). A day left blank keeps no estimate.
import { MESSAGES } from '../../../../domain/messages.js';
import {
  PREP_STATUSES,
  WEEKDAYS,
  type PrepStatus,
  type PrepTime,
  type Weekday,
  type WeeklyPrepTime,
} from '../../../../domain/settings/schemas.js';
import { CheckField } from '../../components/fields.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection, type FieldErrors } from '../SettingsSection.js';
import { checkedSave, yesNo } from './save.js';

export const STATUS_LABELS: Record<PrepStatus, string> = {
  normal: 'Normal',
  busy: 'Busy',
  veryBusy: 'Very busy',
};
const NUMBERS = [
  ['estimate', 'Estimate'],
  ['fromMin_pickup', 'Pickup from'],
  ['toMin_pickup', 'Pickup to'],
  ['fromMin_delivery', 'Delivery from'],
  ['toMin_delivery', 'Delivery to'],
] as const;
type NumberField = (typeof NUMBERS)[number][0];
type DayDraft = { status: PrepStatus } & Record<NumberField, string>;
interface Draft {
  days: Record<Weekday, DayDraft>;
  schedule: boolean;
}

const dayName = (d: Weekday) => d[0]!.toUpperCase() + d.slice(1);

function toDraft(s: MerchantSettings): Draft {
  const days = {} as Record<Weekday, DayDraft>;
  for (const day of WEEKDAYS) {
    const p = s.foodPreparingTime[day];
    days[day] = {
      status: p?.status ?? 'normal',
      estimate: p ? String(p.estimate) : '',
      fromMin_pickup: p ? String(p.fromMin_pickup) : '',
      toMin_pickup: p ? String(p.toMin_pickup) : '',
      fromMin_delivery: p ? String(p.fromMin_delivery) : '',
      toMin_delivery: p ? String(p.toMin_delivery) : '',
    };
  }
  return { days, schedule: s.enableFoodTimeSchedule };
}

/** The draft as stored, or the messages of the fields that are not whole minutes 0–999. */
function fromDraft(draft: Draft): { weekly: WeeklyPrepTime } | { errors: FieldErrors } {
  const weekly: WeeklyPrepTime = {};
  const errors: FieldErrors = {};
  for (const day of WEEKDAYS) {
    const d = draft.days[day];
    if (NUMBERS.every(([f]) => d[f].trim() === '')) continue;
    const entry: Partial<PrepTime> = { status: d.status };
    for (const [f] of NUMBERS) {
      const text = d[f].trim();
      if (text === '') errors[`foodPreparingTime.${day}.${f}`] = MESSAGES.REQUIRED;
      else if (!/^\d{1,3}$/.test(text)) errors[`foodPreparingTime.${day}.${f}`] = MESSAGES.INVALID;
      else entry[f] = Number(text);
    }
    weekly[day] = entry as PrepTime;
  }
  return Object.keys(errors).length > 0 ? { errors } : { weekly };
}

export function PrepTimeSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  const weekly = settings.foodPreparingTime;
  return (
    <SettingsSection
      title="Food preparing time"
      failure="foodPreparingTime"
      initial={() => toDraft(settings)}
      save={async (draft) => {
        const out = fromDraft(draft);
        if ('errors' in out) return out.errors;
        return checkedSave(
          { foodPreparingTime: out.weekly, enableFoodTimeSchedule: draft.schedule },
          save.mutateAsync,
        );
      }}
      read={
        <>
          <div className="dash-table-scroll">
            <table className="dash-table store-prep">
              <caption className="dash-sr-only">Food preparing time by day, in minutes</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Status</th>
                  <th scope="col">Estimate</th>
                  <th scope="col">Pickup</th>
                  <th scope="col">Delivery</th>
                </tr>
              </thead>
              <tbody>
                {WEEKDAYS.map((day) => {
                  const p = weekly[day];
                  return (
                    <tr key={day}>
                      <th scope="row">{dayName(day)}</th>
                      {p ? (
                        <>
                          <td>{STATUS_LABELS[p.status]}</td>
                          <td>{p.estimate} min</td>
                          <td>
                            {p.fromMin_pickup}–{p.toMin_pickup} min
                          </td>
                          <td>
                            {p.fromMin_delivery}–{p.toMin_delivery} min
                          </td>
                        </>
                      ) : (
                        <td colSpan={4} className="muted">
                          Not set
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p>Diners may schedule orders: {yesNo(settings.enableFoodTimeSchedule)}</p>
        </>
      }
      edit={({ draft, setDraft, errors, idBase }) => {
        const setDay = (day: Weekday, patch: Partial<DayDraft>) =>
          setDraft({ ...draft, days: { ...draft.days, [day]: { ...draft.days[day], ...patch } } });
        return (
          <div className="store-form__stack">
            <div className="dash-table-scroll">
              <table className="dash-table store-prep store-prep--edit">
                <caption className="dash-sr-only">
                  Food preparing time by day, in minutes; leave a day blank for none
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Status</th>
                    {NUMBERS.map(([f, label]) => (
                      <th key={f} scope="col">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {WEEKDAYS.map((day) => (
                    <tr key={day}>
                      <th scope="row">{dayName(day)}</th>
                      <td>
                        <select
                          aria-label={`${dayName(day)} status`}
                          value={draft.days[day].status}
                          onChange={(e) => setDay(day, { status: e.target.value as PrepStatus })}
                        >
                          {PREP_STATUSES.map((s) => (
                            <option key={s} value={s}>
                              {STATUS_LABELS[s]}
                            </option>
                          ))}
                        </select>
                      </td>
                      {NUMBERS.map(([f, label]) => {
                        const error = errors[`foodPreparingTime.${day}.${f}`];
                        const id = `${idBase}-${day}-${f}`;
                        return (
                          <td key={f}>
                            <input
                              id={id}
                              type="text"
                              inputMode="numeric"
                              size={4}
                              aria-label={`${dayName(day)} ${label.toLowerCase()} (minutes)`}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${id}-error` : undefined}
                              value={draft.days[day][f]}
                              onChange={(e) => setDay(day, { [f]: e.target.value })}
                            />
                            {error ? (
                              <span id={`${id}-error`} className="form-error store-cell-error">
                                {error}
                              </span>
                            ) : null}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <CheckField
              id={`${idBase}-schedule`}
              label="Diners may schedule orders"
              checked={draft.schedule}
              onChange={(schedule) => setDraft({ ...draft, schedule })}
            />
          </div>
        );
      }}
    />
  );
}
