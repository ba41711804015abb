// The item's own availability hours in the item editor (spec §3 Item `availableHour`; issue 28):
// "Whenever its category is available" or its own weekly periods, edited with the Store pane's
// hours editor and saved on their own as `{ availableHour }` (null: none of its own). A failed
// save shows the spec's M8.38 "Fail to save item availability"; a refusal naming a day stays
// written beside that day until the next edit.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEEKDAYS, type WeeklyHours } from '../../../domain/settings/schemas.js';
import { MESSAGES } from '../../../domain/messages.js';
import { isApiError } from '../../lib/api.js';
import { CheckField } from '../components/fields.js';
import { useFlash } from '../components/Flash.js';
import { HoursEditor, HoursRead } from '../store/HoursEditor.js';
import { errorsFrom, type FieldErrors } from '../store/SettingsSection.js';
import { failureText } from './alerts.js';
import { type MenuItem, type MenuWrites, storeItem } from './queries.js';
import '../store/store.css';

/** A new set of hours starts as every day 11 AM – 9 PM, the usual shift. */
const EVERY_DAY = Object.fromEntries(
  WEEKDAYS.map((d) => [d, [{ open: 11 * 60, close: 21 * 60 }]]),
) as WeeklyHours;

export function ItemHours({
  item,
  merchantId,
  writes,
}: {
  item: MenuItem;
  merchantId: string;
  writes: MenuWrites;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const [editing, setEditing] = useState(false);
  const [limited, setLimited] = useState(item.availableHour !== null);
  const [hours, setHours] = useState<WeeklyHours>(item.availableHour ?? EVERY_DAY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setLimited(item.availableHour !== null);
    setHours(item.availableHour ?? EVERY_DAY);
    setErrors({});
    setEditing(false);
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await writes.update(item._id, { availableHour: limited ? hours : null });
      storeItem(client, merchantId, saved);
      flash('success', MESSAGES.UPDATED);
      setErrors({});
      setEditing(false);
    } catch (error) {
      if (isApiError(error, 'invalid_input') && error.issues.length) {
        setErrors(errorsFrom(error.issues));
      } else {
        flash('error', failureText('itemAvailability')); // M8.38
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="item-hours-title" className="item-editor__section item-hours">
      <div className="item-editor__section-head">
        <h3 id="item-hours-title">Availability hours</h3>
        {editing ? null : (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit hours
          </button>
        )}
      </div>
      {!editing ? (
        item.availableHour ? (
          <HoursRead hours={item.availableHour} />
        ) : (
          <p className="muted">Whenever its category is available.</p>
        )
      ) : (
        <div className="item-hours__edit">
          <CheckField
            id="item-hours-limited"
            label="Only at these hours"
            checked={limited}
            onChange={(on) => {
              setLimited(on);
              setErrors({});
            }}
          />
          {limited ? (
            <HoursEditor
              value={hours}
              onChange={(next) => {
                setHours(next);
                setErrors({});
              }}
              errors={errors}
              idBase="item-hours"
              errorPrefix="availableHour."
            />
          ) : null}
          <div className="dash-dialog__actions">
            <button type="button" className="button" onClick={cancel} disabled={saving}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void save()}
              disabled={saving}
            >
              {saving ? 'Saving…' : 'Save hours'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
