// Weekly hours (business hours, category hours, the order promotion's hours): per weekday its open
// periods, each picked with two 12-hour selects in 15-minute steps (spec §9: minutes, shown
// 12-hour). A day without periods is closed. A closing time of midnight is stored as 1440.
import { formatMinutes12h } from '../../../domain/format/time.js';
import {
  WEEKDAYS,
  type OpenPeriod,
  type Weekday,
  type WeeklyHours,
} from '../../../domain/settings/schemas.js';
import type { FieldErrors } from './SettingsSection.js';

const STEP = 15;
const DAY_LABELS: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};
/** A new period starts as the usual lunch-to-evening shift. */
const NEW_PERIOD: OpenPeriod = { open: 11 * 60, close: 21 * 60 };

/** "11:00 AM – 9:00 PM"; a closing time of 1440 reads "midnight", not a second "12:00 AM". */
export function periodText(p: OpenPeriod): string {
  return `${formatMinutes12h(p.open)} – ${p.close === 1440 ? 'midnight' : formatMinutes12h(p.close)}`;
}

export function HoursRead({ hours }: { hours: WeeklyHours | null | undefined }) {
  if (!hours) return <p className="muted">No hours set: always available.</p>;
  return (
    <dl className="store-hours">
      {WEEKDAYS.map((day) => {
        const periods = hours[day] ?? [];
        return (
          <div key={day} className="store-hours__day">
            <dt>{DAY_LABELS[day]}</dt>
            <dd>{periods.length === 0 ? 'Closed' : periods.map(periodText).join(', ')}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function times(from: number, to: number, extra: number): number[] {
  const out: number[] = [];
  for (let m = from; m <= to; m += STEP) out.push(m);
  if (!out.includes(extra)) out.push(extra);
  return out.sort((a, b) => a - b);
}

function TimeSelect({
  id,
  label,
  value,
  closing,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: number;
  closing: boolean;
  onChange: (minutes: number) => void;
  invalid: boolean;
}) {
  // Opening 12:00 AM … 11:45 PM; closing 12:15 AM … 12:00 AM (midnight, 1440).
  const options = closing ? times(STEP, 1440, value) : times(0, 1440 - STEP, value);
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {options.map((m) => (
        <option key={m} value={m}>
          {m === 1440 ? '12:00 AM (midnight)' : formatMinutes12h(m)}
        </option>
      ))}
    </select>
  );
}

export function HoursEditor({
  value,
  onChange,
  errors,
  idBase,
  errorPrefix = '',
}: {
  value: WeeklyHours;
  onChange: (next: WeeklyHours) => void;
  errors: FieldErrors;
  idBase: string;
  /** Where this editor's messages sit in the section's errors ("businessHour."). */
  errorPrefix?: string;
}) {
  const setDay = (day: Weekday, periods: OpenPeriod[]) => onChange({ ...value, [day]: periods });
  return (
    <div className="store-hours-edit">
      {WEEKDAYS.map((day) => {
        const periods = value[day] ?? [];
        const dayError =
          errors[`${errorPrefix}${day}`] ??
          periods
            .map((_, i) => errors[`${errorPrefix}${day}.${i}.close`])
            .find((m) => m !== undefined);
        return (
          <fieldset key={day} className="store-hours-edit__day">
            <legend>{DAY_LABELS[day]}</legend>
            {periods.length === 0 ? <p className="muted">Closed</p> : null}
            {periods.map((p, i) => (
              <div key={i} className="store-hours-edit__period">
                <TimeSelect
                  id={`${idBase}-${day}-${i}-open`}
                  label={`${DAY_LABELS[day]} period ${i + 1} opens`}
                  value={p.open}
                  closing={false}
                  invalid={!!dayError}
                  onChange={(open) =>
                    setDay(
                      day,
                      periods.map((q, j) => (j === i ? { ...q, open } : q)),
                    )
                  }
                />
                <span aria-hidden="true">to</span>
                <TimeSelect
                  id={`${idBase}-${day}-${i}-close`}
                  label={`${DAY_LABELS[day]} period ${i + 1} closes`}
                  value={p.close}
                  closing
                  invalid={!!dayError}
                  onChange={(close) =>
                    setDay(
                      day,
                      periods.map((q, j) => (j === i ? { ...q, close } : q)),
                    )
                  }
                />
                <button
                  type="button"
                  className="button button--small"
                  onClick={() =>
                    setDay(
                      day,
                      periods.filter((_, j) => j !== i),
                    )
                  }
                  aria-label={`Remove ${DAY_LABELS[day]} period ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => setDay(day, [...periods, NEW_PERIOD])}
              aria-label={`Add hours on ${DAY_LABELS[day]}`}
            >
              Add hours
            </button>
            {dayError ? <p className="form-error">{dayError}</p> : null}
          </fieldset>
        );
      })}
    </div>
  );
}
