// Business info (spec §2): name, merchant id, address and web site are shown and, in edit,
// disabled; phone and email are edited. The password is never shown (checklist S2.104): the read
// view offers "Change password", its own form with the current password (S2.105).
import { useId, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages.js';
import { isApiError } from '../../../lib/api.js';
import { TextInput } from '../../components/fields.js';
import { useFlash } from '../../components/Flash.js';
import { failureText } from '../../menu/alerts.js';
import { useChangePassword, useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { checkedSave } from './save.js';

function addressText(a: MerchantSettings['address']) {
  return `${a.street}, ${a.city}, ${a.state} ${a.postalCode}`;
}

export function BusinessInfoSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Business info"
      failure="businessInfo"
      initial={() => ({ phone: settings.phone, email: settings.email })}
      save={(d) => checkedSave({ phone: d.phone, email: d.email }, save.mutateAsync)}
      read={
        <>
          <dl className="store-facts">
            <dt>Name</dt>
            <dd>{settings.name}</dd>
            <dt>Merchant id</dt>
            <dd>{settings.merchantId}</dd>
            <dt>Address</dt>
            <dd>{addressText(settings.address)}</dd>
            <dt>Web site</dt>
            <dd>{settings.webSite || '—'}</dd>
            <dt>Phone</dt>
            <dd>{settings.phone || '—'}</dd>
            <dt>Email</dt>
            <dd>{settings.email || '—'}</dd>
            <dt>Password</dt>
            <dd aria-label="Password hidden">••••••••</dd>
          </dl>
          <PasswordForm merchantId={settings.merchantId} />
        </>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__grid">
          {/* Read-only here (S2.106): changed by support, not from the dashboard. */}
          <ReadOnly id={`${idBase}-name`} label="Name" value={settings.name} />
          <ReadOnly id={`${idBase}-id`} label="Merchant id" value={settings.merchantId} />
          <ReadOnly
            id={`${idBase}-address`}
            label="Address"
            value={addressText(settings.address)}
          />
          <ReadOnly id={`${idBase}-web`} label="Web site" value={settings.webSite} />
          <TextInput
            id={`${idBase}-phone`}
            label="Phone"
            value={draft.phone}
            onChange={(phone) => setDraft({ ...draft, phone })}
            error={errors.phone}
            inputMode="numeric"
          />
          <TextInput
            id={`${idBase}-email`}
            label="Email"
            value={draft.email}
            onChange={(email) => setDraft({ ...draft, email })}
            error={errors.email}
          />
        </div>
      )}
    />
  );
}

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="dash-field menu-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} disabled readOnly />
    </div>
  );
}

/** The password's own form: the current one, then the new one (the spec's password rule). */
function PasswordForm({ merchantId }: { merchantId: string }) {
  const id = useId();
  const flash = useFlash();
  const change = useChangePassword(merchantId);
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

  const reset = () => {
    setOpen(false);
    setCurrent('');
    setNext('');
    setErrors({});
  };

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Change password
      </button>
    );
  }
  return (
    <form
      className="store-password"
      noValidate
      aria-label="Change password"
      onSubmit={(e) => {
        e.preventDefault();
        if (change.isPending) return;
        if (!current || !next) {
          setErrors({
            ...(current ? {} : { currentPassword: MESSAGES.REQUIRED }),
            ...(next ? {} : { newPassword: MESSAGES.REQUIRED }),
          });
          return;
        }
        change.mutate(
          { currentPassword: current, newPassword: next },
          {
            onSuccess: () => {
              flash('success', MESSAGES.UPDATED);
              reset();
            },
            onError: (error) => {
              if (isApiError(error) && error.issues.length > 0) {
                setErrors({
                  currentPassword: error.fieldMessage('body.currentPassword'),
                  newPassword: error.fieldMessage('body.newPassword'),
                });
              } else flash('error', failureText('businessInfo'));
            },
          },
        );
      }}
    >
      <TextInput
        type="password"
        id={`${id}-current`}
        label="Current password"
        value={current}
        onChange={setCurrent}
        error={errors.currentPassword}
        autoComplete="current-password"
      />
      <TextInput
        type="password"
        id={`${id}-new`}
        label="New password"
        value={next}
        onChange={setNext}
        error={errors.newPassword}
        autoComplete="new-password"
      />
      <p className="menu-field__hint">Your other signed-in sessions are signed out.</p>
      <div className="store-section__actions">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save password'}
        </button>
        <button type="button" className="button" onClick={reset}>
          Cancel
        </button>
      </div>
    </form>
  );
}
