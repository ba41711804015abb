// The store's time zone (issue 28): a searchable list of the IANA zones the browser knows
// (Intl.supportedValuesOf), with the local time in the chosen zone. A change applies from now on
// (docs/decisions/store-settings.md "Time zone": hours, business dates, daily numbers, the capture
// sweep and the same-day void follow the new zone; orders already placed keep their dates).
import { useEffect, useMemo, useState } from 'react';
import {
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  useFilter,
} from 'react-aria-components';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { checkedSave } from './save.js';

/** The zones offered: the browser's IANA list, with the stored one even if the list lacks it. */
export function timeZones(stored: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(stored) ? known : [stored, ...known];
}

/** "Tue 3:05 PM" in a zone, or null for a zone this browser cannot show. */
export function localTime(zone: string, at: Date): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).format(at);
  } catch {
    return null;
  }
}

/** The time now, moving each minute (the read view's "local time"). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ZonePicker({
  value,
  onChange,
  error,
  all,
}: {
  value: string;
  onChange: (zone: string) => void;
  error: string | undefined;
  all: string[];
}) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const [text, setText] = useState(value);
  // "new york" finds America/New_York: the underscore and slash read as spaces.
  const items = useMemo(() => {
    const q = text.replace(/[_/]/g, ' ').trim();
    const list =
      q === value.replace(/[_/]/g, ' ')
        ? all
        : all.filter((z) => contains(z.replace(/[_/]/g, ' '), q));
    return list.slice(0, 200).map((z) => ({ id: z }));
  }, [all, contains, text, value]);
  return (
    <ComboBox
      className="dash-field store-zone"
      inputValue={text}
      onInputChange={setText}
      selectedKey={value}
      onSelectionChange={(key) => {
        if (typeof key !== 'string') return;
        onChange(key);
        setText(key);
      }}
      items={items}
      menuTrigger="focus"
      validationBehavior="aria"
      isInvalid={Boolean(error)}
    >
      <Label>Time zone</Label>
      <Input />
      <FieldError className="form-error">{error}</FieldError>
      <Popover className="store-index__popover store-zone__popover">
        <ListBox className="store-index__menu">
          {(z: { id: string }) => (
            <ListBoxItem className="store-index__item" id={z.id} textValue={z.id}>
              {z.id.replace(/_/g, ' ')}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

export function TimeZoneSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  const now = useNow();
  const all = useMemo(() => timeZones(settings.timeZone), [settings.timeZone]);
  return (
    <SettingsSection<{ timeZone: string }>
      title="Time zone"
      failure="storeSetting"
      initial={() => ({ timeZone: settings.timeZone })}
      save={(d) => checkedSave({ timeZone: d.timeZone }, save.mutateAsync)}
      read={
        <dl className="store-facts">
          <div className="store-facts__row">
            <dt>Time zone</dt>
            <dd data-testid="store-time-zone">{settings.timeZone.replace(/_/g, ' ')}</dd>
          </div>
          <div className="store-facts__row">
            <dt>Local time</dt>
            <dd data-testid="store-local-time">{localTime(settings.timeZone, now) ?? '—'}</dd>
          </div>
        </dl>
      }
      edit={({ draft, setDraft, errors }) => (
        <div className="store-form__stack">
          <ZonePicker
            value={draft.timeZone}
            all={all}
            error={errors.timeZone}
            onChange={(timeZone) => setDraft({ timeZone })}
          />
          <p className="muted">
            Local time there: {localTime(draft.timeZone, now) ?? '—'}. A change applies from now on:
            hours, today&apos;s orders and daily numbers follow the new zone; orders already placed
            keep their dates.
          </p>
        </div>
      )}
    />
  );
}
