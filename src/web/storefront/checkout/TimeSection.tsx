// TIME (spec §4): ASAP, or Scheduled with a day and a half-hour slot in the merchant's time zone
// (offered only when the merchant schedules). Days and slots come from the domain's rules, the
// same ones the server checks the chosen time with.
import { useMemo, useState } from 'react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
import type { CartView } from '../../../contract/cart.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { MESSAGES } from '../../../domain/messages.js';
import { scheduleDays, scheduleSlots } from '../../../domain/schedule/slots.js';
import type { CheckoutInfoBody } from '../cart/queries.js';

function Picker({
  label,
  items,
  selected,
  onSelect,
  placeholder,
}: {
  label: string;
  items: { id: string; label: string }[];
  selected: string | null;
  onSelect: (id: string) => void;
  placeholder: string;
}) {
  return (
    <Select
      className="field picker"
      selectedKey={selected}
      onSelectionChange={(k) => onSelect(String(k))}
      placeholder={placeholder}
    >
      <Label>{label}</Label>
      <Button className="picker__button">
        <SelectValue />
        <span aria-hidden>▾</span>
      </Button>
      <Popover className="picker__popover">
        <ListBox className="picker__list" items={items}>
          {(item) => (
            <ListBoxItem className="picker__item" id={item.id}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

export function TimeSection({
  info,
  cart,
  onSave,
}: {
  info: PublicBusinessInfo;
  cart: CartView;
  onSave: (changes: Partial<CheckoutInfoBody>) => void;
}) {
  const time = cart.checkoutInfo.time;
  // Days and slots are judged from the time the checkout opened (a slot list that moved while
  // the diner reads it would be worse); the server checks the chosen one against its own now.
  const [openedAt] = useState(() => Date.now());
  const days = useMemo(
    () => scheduleDays(info.businessHour, openedAt, info.timeZone),
    [info.businessHour, info.timeZone, openedAt],
  );
  const date = time.kind === 'scheduled' ? time.date : null;
  const slots = useMemo(
    () => (date ? scheduleSlots(info.businessHour, date, openedAt, info.timeZone) : []),
    [date, info.businessHour, info.timeZone, openedAt],
  );

  if (!info.enableFoodTimeSchedule) {
    return (
      <section className="checkout-section" aria-labelledby="time-title">
        <h3 id="time-title" className="checkout-section__title">
          Time
        </h3>
        <p>ASAP</p>
      </section>
    );
  }

  return (
    <section className="checkout-section" aria-labelledby="time-title">
      <h3 id="time-title" className="checkout-section__title">
        Time
      </h3>
      <RadioGroup
        className="choice-group"
        aria-labelledby="time-title"
        value={time.kind}
        onChange={(kind) =>
          onSave({
            time:
              kind === 'asap'
                ? { kind: 'asap' }
                : { kind: 'scheduled', date: days[0]?.date ?? null, minuteOfDay: null },
          })
        }
      >
        <Radio className="choice" value="asap">
          ASAP
        </Radio>
        <Radio className="choice" value="scheduled">
          Scheduled Time
        </Radio>
      </RadioGroup>
      {time.kind === 'scheduled' ? (
        <div className="field-row">
          <Picker
            label="Day"
            placeholder="Choose a day"
            items={days.map((d) => ({ id: d.date, label: d.label }))}
            selected={time.date}
            onSelect={(d) => onSave({ time: { kind: 'scheduled', date: d, minuteOfDay: null } })}
          />
          {slots.length > 0 ? (
            <Picker
              label="Time"
              placeholder="Choose a time"
              items={slots.map((s) => ({ id: String(s.minuteOfDay), label: s.label }))}
              selected={time.minuteOfDay === null ? null : String(time.minuteOfDay)}
              onSelect={(m) =>
                onSave({ time: { kind: 'scheduled', date: time.date, minuteOfDay: Number(m) } })
              }
            />
          ) : time.date ? (
            <p className="checkout-note" role="status">
              {MESSAGES.NO_SCHEDULE_TIME}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
