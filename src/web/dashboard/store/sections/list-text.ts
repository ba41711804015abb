// Lists typed as text (emails, one per line or comma-separated), and the first message of a
// list's items ("emailReceivingNotification.2" → that message).
import type { FieldErrors } from '../SettingsSection.js';

export function splitList(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function firstError(errors: FieldErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}
