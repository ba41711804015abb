// A checkout text field that saves when it loses the focus (or on Enter), not on every key, and
// shows its rule's message once the diner has left it or pressed Place the order.
import { useContext, useEffect, useState } from 'react';
import { CheckoutField, type InputMode, ShowAllFieldErrors } from './CheckoutField.js';

export function TextSetting({
  label,
  saved,
  onSave,
  format = (v) => v,
  clean = (v) => v,
  check,
  autoComplete,
  inputMode,
  maxLength,
}: {
  label: string;
  saved: string;
  onSave: (value: string) => void;
  /** How the value is shown (e.g. a phone as (212)555-0101). */
  format?: (value: string) => string;
  /** What is kept of what is typed (e.g. the phone's digits). */
  clean?: (typed: string) => string;
  /** The field's rule: its message for a value, or null when fine. */
  check?: (value: string) => string | null;
  autoComplete?: string;
  inputMode?: InputMode;
  maxLength?: number;
}) {
  const [value, setValue] = useState(saved);
  const [left, setLeft] = useState(false);
  const showAll = useContext(ShowAllFieldErrors);
  useEffect(() => setValue(saved), [saved]);
  const commit = () => {
    if (value !== saved) onSave(value);
  };
  return (
    <CheckoutField
      label={label}
      value={format(value)}
      onChange={(v) => setValue(clean(v))}
      onBlur={() => {
        setLeft(true);
        commit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      error={left || showAll ? check?.(value) : null}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
    />
  );
}
