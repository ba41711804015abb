// Minutes since midnight ↔ 12-hour AM/PM text (spec §9: hours are minutes, shown 12-hour).

/** 660 → "11:00 AM"; 0 and 1440 → "12:00 AM"; 720 → "12:00 PM". */
export function formatMinutes12h(minuteOfDay: number): string {
  if (!Number.isInteger(minuteOfDay) || minuteOfDay < 0 || minuteOfDay > 1440) {
    throw new RangeError(`minute of day must be 0..1440, got ${minuteOfDay}`);
  }
  const m = minuteOfDay % 1440;
  const hour24 = Math.floor(m / 60);
  const minute = m % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

const TWELVE_HOUR = /^\s*(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?\s*$/;

/**
 * "11:00 AM" → 660, or null. "12:00 AM" is 0; pass endOfDay to read it as 1440, which is how a
 * closing time of midnight is stored.
 */
export function parseTime12h(text: string, endOfDay = false): number | null {
  const match = TWELVE_HOUR.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = match[3]?.toUpperCase() === 'P';
  const minutes = (hour % 12) * 60 + minute + (pm ? 720 : 0);
  return endOfDay && minutes === 0 ? 1440 : minutes;
}
