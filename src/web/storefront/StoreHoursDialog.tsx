// The week's opening hours (spec §9: Sunday first, 12-hour times), opened from the header's hours
// line: the breaks as separate periods, closed days as "Closed", today marked. Loaded lazily.
import { describeWeek } from '../../domain/hours/week.js';
import { storeHoursStatus, wallClockAt } from '../../domain/hours/status.js';
import type { WeeklyHours } from '../../domain/settings/schemas.js';
import { StoreDialog } from './dialog/StoreDialog.js';

const DAY_NAMES: Record<string, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

export default function StoreHoursDialog({
  hours,
  zone,
  now,
  onClose,
}: {
  hours: WeeklyHours;
  zone: string;
  now: number;
  onClose: () => void;
}) {
  const today = wallClockAt(now, zone).weekday;
  const zoneName =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return (
    <StoreDialog title="Opening hours" onClose={onClose} className="store-hours-dialog">
      <div className="entry-modal__body">
        <p className="store-hours-dialog__now">{storeHoursStatus(hours, now, zone).text}</p>
        <dl className="store-hours-week">
          {describeWeek(hours).map(({ weekday, text }) => (
            <div
              key={weekday}
              className={`store-hours-week__day${weekday === today ? ' store-hours-week__day--today' : ''}`}
              {...(weekday === today ? { 'aria-current': 'date' as const } : {})}
            >
              <dt>
                {DAY_NAMES[weekday]}
                {weekday === today ? ' (today)' : ''}
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <p className="store-hours-dialog__zone">Times are the store’s local time ({zoneName}).</p>
      </div>
    </StoreDialog>
  );
}
