// The customer-info flow of the order-placed page (spec §4): the merchant's message with Decline
// (closes) and Enroll (opens the form); the form with Back (to the message) and Submit; a thank-you
// that closes itself after 2 seconds. Shown once per order in this tab. It sits in the page below
// the order's status (issue 25: as a modal it covered the status on arrival), a labelled region.
// The phone keeps digits only as typed (V5.102); each field is judged when left, and all on Submit.
import { sendCustomerInfo } from '../../../contract/refs.js';
import { useEffect, useState } from 'react';
import { digitsOnly } from '../../../domain/format/fields.js';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { customerInfoSchema } from '../../../domain/validation/forms.js';
import { call } from '../../lib/api.js';
// The form fields' styles are the checkout's.
import '../checkout/checkout.css';
import { FormError } from '../dialog/FormError.js';

/** How long the thank-you stays (spec §4). */
export const THANK_YOU_MS = 2_000;

const FIELDS = [
  { name: 'fname', label: 'First name', autoComplete: 'given-name' },
  { name: 'lname', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];

/** The most digits a phone keeps (the schema's maximum). */
const PHONE_MAX_DIGITS = 15;

/** One field's message under the shared schema, or undefined when it passes. */
function fieldMessage(name: FieldName, value: string): string | undefined {
  const result = customerInfoSchema.shape[name].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const seenKey = (orderId: string) => `forkful.customerInfo.${orderId}`;

export default function CustomerInfoFlow({
  merchantId,
  orderId,
  message,
  onDone,
}: {
  merchantId: string;
  orderId: string;
  message: string;
  onDone: () => void;
}) {
  const [step, setStep] = useState<'message' | 'form' | 'thanks'>('message');
  const [values, setValues] = useState<Record<FieldName, string>>({
    fname: '',
    lname: '',
    email: '',
    phone: '',
    address: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const seen = sessionStorage.getItem(seenKey(orderId)) !== null;

  function close() {
    sessionStorage.setItem(seenKey(orderId), '1');
    onDone();
  }

  useEffect(() => {
    if (step !== 'thanks') return;
    const timer = window.setTimeout(close, THANK_YOU_MS);
    return () => window.clearTimeout(timer);
    // Runs when the step changes; close only marks this order seen and tells the page.
  }, [step]);

  async function submit() {
    const parsed = customerInfoSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    setFailure(null);
    try {
      await call(sendCustomerInfo, { body: { merchantId, orderId, customerInfo: parsed.data } });
      setStep('thanks');
    } catch (e) {
      setFailure(e instanceof Error ? e.message : 'Could not send your details.');
    } finally {
      setSending(false);
    }
  }

  if (seen) return null;

  const title =
    step === 'thanks' ? 'Thank you!' : step === 'form' ? 'Your details' : 'Stay in touch';
  return (
    <section className="customer-info" aria-labelledby="customer-info-title">
      <h2 id="customer-info-title" className="customer-info__title">
        {title}
      </h2>
      {step === 'message' ? (
        <>
          <div className="customer-info__body">
            <p>{message}</p>
          </div>
          <div className="customer-info__actions">
            <Button className="button" onPress={close}>
              Decline
            </Button>
            <Button className="button button--primary" onPress={() => setStep('form')}>
              Enroll
            </Button>
          </div>
        </>
      ) : step === 'form' ? (
        <form
          className="customer-info__body customer-info-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {FIELDS.map((f) => (
            <TextField
              key={f.name}
              className="field"
              value={values[f.name]}
              onChange={(typed) => {
                const v = f.name === 'phone' ? digitsOnly(typed).slice(0, PHONE_MAX_DIGITS) : typed;
                setValues({ ...values, [f.name]: v });
                // A shown message follows the value as it is corrected.
                if (errors[f.name]) setErrors({ ...errors, [f.name]: fieldMessage(f.name, v) });
              }}
              onBlur={() => {
                if (values[f.name] !== '')
                  setErrors({ ...errors, [f.name]: fieldMessage(f.name, values[f.name]) });
              }}
              autoComplete={f.autoComplete}
              {...('inputMode' in f ? { inputMode: f.inputMode } : {})}
              // The domain's rules judge the form on Submit; the browser's own check would
              // block the submit while a field is marked invalid.
              validationBehavior="aria"
              isInvalid={errors[f.name] !== undefined}
            >
              <Label>{f.label}</Label>
              <Input />
              <FieldError className="checkout-error field__error">{errors[f.name]}</FieldError>
            </TextField>
          ))}
          <FormError message={failure} className="checkout-error" />
          <div className="customer-info__actions">
            <Button className="button" onPress={() => setStep('message')}>
              Back
            </Button>
            <Button type="submit" className="button button--primary" isPending={sending}>
              Submit
            </Button>
          </div>
        </form>
      ) : (
        <div className="customer-info__body">
          <p role="status">Thank you! We have your details.</p>
        </div>
      )}
    </section>
  );
}
