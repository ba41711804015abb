// One checkout text field with its message beside it (spec §5: "Required" / "Invalid" under the
// field). react-aria's TextField wires it for assistive technology: the input gets aria-invalid
// and aria-describedby pointing at the message. The domain's rules decide the message, so the
// browser's own validation is off (validationBehavior "aria" never blocks a press).
import { createContext, type FocusEvent, type KeyboardEvent } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';

/**
 * Whether Place the order has been pressed: from then on every field shows its message, not only
 * the ones the diner has left (spec §5: the messages show on blur and on Place).
 */
export const ShowAllFieldErrors = createContext(false);

export type InputMode = 'text' | 'tel' | 'email' | 'numeric' | 'decimal';

export function CheckoutField({
  label,
  value,
  onChange,
  onBlur,
  onKeyDown,
  error,
  autoComplete,
  inputMode,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (e: FocusEvent) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  /** The message to show now (null or undefined: none). */
  error?: string | null | undefined;
  autoComplete?: string | undefined;
  inputMode?: InputMode | undefined;
  maxLength?: number | undefined;
}) {
  return (
    <TextField
      className="field"
      value={value}
      onChange={onChange}
      {...(onBlur ? { onBlur } : {})}
      {...(onKeyDown ? { onKeyDown } : {})}
      {...(autoComplete ? { autoComplete } : {})}
      {...(inputMode ? { inputMode } : {})}
      {...(maxLength ? { maxLength } : {})}
      validationBehavior="aria"
      isInvalid={Boolean(error)}
    >
      <Label>{label}</Label>
      <Input />
      <FieldError className="checkout-error field__error">{error}</FieldError>
    </TextField>
  );
}
