// A section's save: the draft turned into the save body is checked with the contract's own
// schema first (the messages show without a round trip), then sent; the server checks again.
import { businessInfoUpdate } from '../../../../contract/store-settings.js';
import type { SettingsSave } from '../queries.js';
import { errorsFrom, type SaveOutcome } from '../SettingsSection.js';

export async function checkedSave(
  body: SettingsSave,
  send: (body: SettingsSave) => Promise<unknown>,
): Promise<SaveOutcome> {
  const checked = businessInfoUpdate.safeParse(body);
  if (!checked.success) return errorsFrom(checked.error.issues);
  await send(body);
  return null;
}

/** Yes / No for a flag in a read view. */
export const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
