// A labelled text field with its error under it (react-aria TextField; the domain's rules decide
// the error, so the browser's own validation is off).
import { FieldError, Input, Label, TextField } from 'react-aria-components';

export function FormField({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
}) {
  return (
    <TextField
      className="field"
      value={value}
      onChange={onChange}
      {...(onBlur ? { onBlur } : {})}
      type={type}
      {...(autoComplete ? { autoComplete } : {})}
      validationBehavior="aria"
      isInvalid={error !== undefined}
    >
      <Label>{label}</Label>
      <Input />
      <FieldError className="checkout-error">{error}</FieldError>
    </TextField>
  );
}
