// The phone verification modal (spec §2 "Other modals", §4 step 3): an anonymous diner's phone is
// confirmed with a 4-digit code sent by text before the order goes on. Offline the code is in the
// outbox (/dev/outbox). The phone starts as the checkout's and can be corrected here (V5.63: a
// phone that is not 10 digits reads "Please enter a valid Phone number" beside it and no code is
// sent); a changed phone is saved to the checkout before the order goes on, since the server
// checks the checkout's phone. The phone and the code are checked with the domain's rules first.
import { sendVerificationCode, verifyPhone } from '../../../contract/refs.js';
import { useState } from 'react';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { formatPhone, keepPhoneDigits } from '../../../domain/format/fields.js';
import { MESSAGES } from '../../../domain/messages.js';
import { sendCodeSchema, verifyCodeSchema } from '../../../domain/validation/forms.js';
import { call, isApiError } from '../../lib/api.js';
import { StoreDialog } from '../dialog/StoreDialog.js';
import { CAPTCHA_UNAVAILABLE, captchaToken, useCaptchaSettings } from './captcha.js';
import { FormError } from '../dialog/FormError.js';

export function PhoneVerification({
  phone: initialPhone,
  onVerified,
  onCancel,
}: {
  phone: string;
  onVerified: (phoneDigits: string) => void;
  onCancel: () => void;
}) {
  const [phone, setPhone] = useState(() => keepPhoneDigits(initialPhone));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const captcha = useCaptchaSettings();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendCode() {
    const parsed = sendCodeSchema.safeParse({ phoneNum: phone });
    if (!parsed.success) return setPhoneError(MESSAGES.PHONE_INVALID);
    setPhoneError(null);
    setBusy(true);
    setError(null);
    try {
      const recaptchaToken = await captchaToken(captcha.data, 'send_code');
      if (recaptchaToken === null) {
        setError(CAPTCHA_UNAVAILABLE);
        return;
      }
      await call(sendVerificationCode, {
        body: { ...parsed.data, ...(recaptchaToken ? { recaptchaToken } : {}) },
      });
      setSent(true);
    } catch (e) {
      setError(isApiError(e) ? e.message : MESSAGES.VERIFICATION_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    const parsed = verifyCodeSchema.safeParse({ phoneNum: phone, verificationCode: code });
    if (!parsed.success) return setError(MESSAGES.CODE_INVALID);
    setBusy(true);
    setError(null);
    try {
      await call(verifyPhone, { body: parsed.data });
      onVerified(phone);
    } catch {
      setError(MESSAGES.VERIFICATION_FAILED);
      setBusy(false);
    }
  }

  return (
    <StoreDialog
      title="Verify your phone"
      onClose={onCancel}
      className="checkout-modal"
      dismissable={!busy}
    >
      <form
        className="entry-modal__body checkout-form"
        onSubmit={(e) => {
          e.preventDefault();
          void (sent ? confirm() : sendCode());
        }}
      >
        <p>We text a 4-digit code to this phone to confirm your order.</p>
        <TextField
          className="field"
          value={formatPhone(phone)}
          onChange={(v) => {
            setPhone(keepPhoneDigits(v));
            setPhoneError(null);
            // A code goes to one phone: a new phone needs a new code.
            setSent(false);
          }}
          isDisabled={busy}
          inputMode="tel"
          autoComplete="tel"
          validationBehavior="aria"
          isInvalid={phoneError !== null}
        >
          <Label>Phone number</Label>
          <Input />
          <FieldError className="checkout-error field__error">{phoneError}</FieldError>
        </TextField>
        {sent ? (
          <TextField
            className="field"
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 4))}
            isDisabled={busy}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          >
            <Label>Verification code</Label>
            <Input />
            <FieldError />
          </TextField>
        ) : null}
        <FormError message={error} />
        <div className="entry-modal__actions">
          {sent ? (
            <Button className="link-button" onPress={() => void sendCode()} isDisabled={busy}>
              Send a new code
            </Button>
          ) : null}
          <Button type="submit" className="button button--primary" isPending={busy}>
            {sent ? 'Confirm' : 'Send code'}
          </Button>
        </div>
      </form>
    </StoreDialog>
  );
}
