// A checkout text field that saves when it loses the focus (or on Enter), not on every key.
import { useEffect, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';

export function TextSetting({
  label,
  saved,
  onSave,
  format = (v) => v,
  clean = (v) => v,
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
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  maxLength?: number;
}) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const commit = () => {
    if (value !== saved) onSave(value);
  };
  return (
    <TextField
      className="field"
      value={format(value)}
      onChange={(v) => setValue(clean(v))}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      {...(autoComplete ? { autoComplete } : {})}
      {...(inputMode ? { inputMode } : {})}
      {...(maxLength ? { maxLength } : {})}
    >
      <Label>{label}</Label>
      <Input />
    </TextField>
  );
}
