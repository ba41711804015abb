// The store header's hours line (ours, issue 25; docs/decisions/storefront-store-page.md "The
// header tells the hours"): "Open until 10:00 PM" or "Closed — opens Thu 11:00 AM" on the
// merchant's wall clock, a button that opens the week's hours. The button is plain (the header is
// in the store page's first load); the dialog and react-aria load when it is pressed.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { WeeklyHours } from '../../domain/settings/schemas.js';
import { storeHoursStatus } from '../../domain/hours/status.js';
import './store-hours.css';

const StoreHoursDialog = lazy(() => import('./StoreHoursDialog.js'));

/** The line is read again each minute, so it turns at the closing time without a reload. */
const TICK_MS = 60_000;

export function StoreHours({ hours, zone }: { hours: WeeklyHours; zone: string }) {
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const status = statusOrNull(hours, now, zone);
  if (!status) return null;
  return (
    <>
      <button
        type="button"
        className={`store-hours-button${status.open ? '' : ' store-hours-button--closed'}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span>{status.text}</span>
        {/* The separator is not part of the underlined word. */}
        <span aria-hidden className="store-hours-button__dot">
          ·
        </span>
        <span className="store-hours-button__more">Hours</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <StoreHoursDialog hours={hours} zone={zone} now={now} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** An unknown zone: no line rather than a wrong one. */
function statusOrNull(hours: WeeklyHours, now: number, zone: string) {
  try {
    return storeHoursStatus(hours, now, zone);
  } catch {
    return null;
  }
}
