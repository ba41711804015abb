// The card gateway and its credentials (ours; docs/decisions/payment-credentials.md): the read view
// shows the gateway and what is saved ("Credentials saved for CardPointe, account …3888, test
// environment"), never a secret; the edit view picks a gateway offered by this server and, for one
// that takes credentials, asks for its fields: the form is drawn from the contract's schema of that
// provider (PROVIDER_CREDENTIALS), checked by it before sending, and the server's field messages
// show on their fields. Secrets are password inputs and are never shown back, so replacing saved
// credentials means typing them all again.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  type CredentialedProvider,
  PROVIDER_CREDENTIALS,
  transitKeyRequest,
  type TransitKeyRequest,
} from '../../../../contract/payment-credentials.js';
import {
  LIVE_ENVIRONMENT,
  type PaymentGatewayView,
  paymentGatewayUpdate,
  providerLabel,
  type SavedCredentialsView,
  takesCredentials,
} from '../../../../contract/payment-gateway.js';
import { isApiError } from '../../../lib/api.js';
import { DashboardDialog } from '../../components/DashboardDialog.js';
import { CheckField, TextInput } from '../../components/fields.js';
import {
  gatewaySaved,
  type PaymentGatewaySave,
  usePaymentGateway,
  useSavePaymentGateway,
} from '../queries.js';
import { errorsFrom, SettingsSection, type FieldErrors } from '../SettingsSection.js';

/** Every field name of every provider's credentials. */
type FieldName = {
  [P in CredentialedProvider]: keyof z.input<(typeof PROVIDER_CREDENTIALS)[P]>;
}[CredentialedProvider];

/** The schemas' field names in plain words (the environment is a select of its own). */
const FIELD_LABELS: Record<Exclude<FieldName, 'environment'>, string> = {
  site: 'Site',
  merchid: 'Merchant ID',
  username: 'API username',
  password: 'API password',
  deviceId: 'Device ID',
  transactionKey: 'Transaction key',
  developerId: 'Developer ID',
  apiLoginId: 'API Login ID',
  merchantId: 'Account ID',
  userId: 'User ID',
  pin: 'PIN',
};
const FIELD_HINTS: Partial<Record<FieldName, string>> = {
  site: 'The name in https://<site>.cardconnect.com',
  merchantId: 'The 6 or 7 digit Converge account ID, not the 10-digit Elavon MID',
  // Issue 30: without these rights a payment cannot be confirmed, released or captured; the
  // save checks them with Converge and names any that is missing.
  userId:
    'A Converge user with the Hosted Payment API flag and the user rights "Batches - View", "Batches-Void Delete" and "Batches - Edit"',
};
/** Entered, never shown back: password inputs. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'transactionKey', 'pin']);

/** "Test (UAT)" / "Live" for each provider's environment values. */
const ENVIRONMENT_NAMES: Record<string, string> = {
  uat: 'UAT',
  stage: 'stage',
  sandbox: 'sandbox',
  demo: 'demo',
};
export const environmentLabel = (value: string) =>
  value === LIVE_ENVIRONMENT ? 'Live' : `Test (${ENVIRONMENT_NAMES[value] ?? value})`;

/** The form of one provider, read from its schema: its text fields and its environments. */
function formOf(provider: CredentialedProvider) {
  const shape = PROVIDER_CREDENTIALS[provider].shape as Record<string, z.ZodType>;
  const environments = (PROVIDER_CREDENTIALS[provider].shape.environment as z.ZodEnum).options;
  const fields = Object.keys(shape)
    .filter((name): name is Exclude<FieldName, 'environment'> => name !== 'environment')
    .map((name) => ({
      name,
      label: FIELD_LABELS[name],
      // A field the schema lets be left out (e.g. the TransIT developer ID).
      optional: shape[name]!.safeParse(undefined).success,
      secret: SECRET_FIELDS.has(name),
    }));
  return { fields, environments: environments.map(String) };
}

/** "Credentials saved for CardPointe, account …3888, test environment". */
export function savedSummary(saved: SavedCredentialsView): string {
  const parts = [`Credentials saved for ${providerLabel(saved.provider)}`];
  if (saved.accountHint) parts.push(`account …${saved.accountHint}`);
  if (saved.environment) {
    parts.push(`${saved.environment === LIVE_ENVIRONMENT ? 'live' : 'test'} environment`);
  }
  return parts.join(', ');
}

interface Draft {
  provider: string;
  /** Type new credentials although some are saved for this provider. */
  replace: boolean;
  fields: Record<string, string>;
}

const blankFields = (provider: string): Record<string, string> =>
  takesCredentials(provider) ? { environment: formOf(provider).environments[0] ?? '' } : {};

/** The save's body: the sandbox alone, the saved credentials kept (null), or the typed ones. */
function bodyOf(draft: Draft, saved: SavedCredentialsView | null): PaymentGatewaySave {
  const { provider } = draft;
  if (!takesCredentials(provider)) return { provider: 'sandbox' };
  if (saved?.provider === provider && !draft.replace) {
    return { provider, credentials: null } as PaymentGatewaySave;
  }
  const credentials: Record<string, string> = { environment: draft.fields.environment ?? '' };
  for (const f of formOf(provider).fields) {
    const value = draft.fields[f.name] ?? '';
    // An optional field left empty is left out (an empty one would be refused).
    if (!(f.optional && value.trim() === '')) credentials[f.name] = value;
  }
  return { provider, credentials } as PaymentGatewaySave;
}

/**
 * SLOT for the TransIT key request (the generateKey route is being built elsewhere): exchanges the
 * merchant's TransIT login for a transaction key on the server, which saves it with the device ID,
 * and answers the gateway's read. While no route exists the Store pane passes nothing and the
 * "Get a transaction key…" button stays hidden.
 */
export type GenerateTransitKey = (
  provider: 'tsys' | 'tsys2',
  login: TransitKeyRequest,
) => Promise<PaymentGatewayView>;

export function PaymentGatewaySection({
  merchantId,
  generateKey,
}: {
  merchantId: string;
  generateKey?: GenerateTransitKey | undefined;
}) {
  const query = usePaymentGateway(merchantId);
  const save = useSavePaymentGateway(merchantId);
  const [keyFor, setKeyFor] = useState<{
    provider: 'tsys' | 'tsys2';
    draft: Draft;
    setDraft: (d: Draft) => void;
  } | null>(null);

  if (!query.data) {
    return (
      <section className="store-section" aria-label="Card gateway">
        <div className="store-section__head">
          <h2>Card gateway</h2>
        </div>
        {query.isError ? (
          <div className="store-section__read">
            <p role="alert">The card gateway could not be loaded.</p>
            <button type="button" className="button" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="store-section__read">Loading…</p>
        )}
      </section>
    );
  }
  const view = query.data;
  const saved = view.credentials;
  const missing = takesCredentials(view.provider) && saved?.provider !== view.provider;

  return (
    <>
      <SettingsSection<Draft>
        title="Card gateway"
        failure="storeSetting"
        initial={() => ({
          provider: view.provider,
          replace: false,
          fields: blankFields(view.provider),
        })}
        save={async (draft) => {
          const body = bodyOf(draft, saved);
          const checked = paymentGatewayUpdate.safeParse(body);
          if (!checked.success) return errorsFrom(checked.error.issues);
          await save.mutateAsync(body);
          return null;
        }}
        read={
          <>
            <dl className="store-facts">
              <dt>Card gateway</dt>
              <dd>{providerLabel(view.provider)}</dd>
              <dt>Credentials</dt>
              <dd>{saved ? savedSummary(saved) : 'None saved'}</dd>
            </dl>
            {missing ? (
              <p className="form-error">
                Cards cannot be taken until the {providerLabel(view.provider)} credentials are
                entered.
              </p>
            ) : null}
          </>
        }
        edit={({ draft, setDraft, errors, idBase }) => (
          <GatewayForm
            view={view}
            draft={draft}
            setDraft={setDraft}
            errors={errors}
            idBase={idBase}
            onGetKey={
              generateKey && (draft.provider === 'tsys' || draft.provider === 'tsys2')
                ? () =>
                    setKeyFor({
                      provider: draft.provider as 'tsys' | 'tsys2',
                      draft,
                      setDraft,
                    })
                : undefined
            }
          />
        )}
      />
      {keyFor && generateKey ? (
        <TransitKeyDialog
          merchantId={merchantId}
          provider={keyFor.provider}
          draft={keyFor.draft}
          generateKey={generateKey}
          onClose={() => setKeyFor(null)}
          onDone={() => {
            // The key is saved on the server: the form now keeps the saved credentials.
            keyFor.setDraft({ ...keyFor.draft, replace: false });
            setKeyFor(null);
          }}
        />
      ) : null}
    </>
  );
}

function GatewayForm({
  view,
  draft,
  setDraft,
  errors,
  idBase,
  onGetKey,
}: {
  view: PaymentGatewayView;
  draft: Draft;
  setDraft: (d: Draft) => void;
  errors: FieldErrors;
  idBase: string;
  onGetKey: (() => void) | undefined;
}) {
  const saved = view.credentials;
  const provider = draft.provider;
  const keepsSaved = saved?.provider === provider && !draft.replace;
  const setField = (name: string, value: string) =>
    setDraft({ ...draft, fields: { ...draft.fields, [name]: value } });
  const providerError = errors.provider;
  const credentialsError = errors.credentials;
  return (
    <div className="store-form__stack">
      <div className="dash-field menu-field">
        <label htmlFor={`${idBase}-provider`}>Card gateway</label>
        <select
          id={`${idBase}-provider`}
          value={provider}
          aria-invalid={providerError ? true : undefined}
          aria-describedby={providerError ? `${idBase}-provider-error` : undefined}
          onChange={(e) =>
            setDraft({
              provider: e.target.value,
              replace: false,
              fields: blankFields(e.target.value),
            })
          }
        >
          {/* Only gateways with an adapter on this server (the API's list). */}
          {view.offered.map((p) => (
            <option key={p} value={p}>
              {providerLabel(p)}
            </option>
          ))}
        </select>
        {providerError ? (
          <p id={`${idBase}-provider-error`} className="form-error menu-field__error">
            {providerError}
          </p>
        ) : null}
      </div>

      {takesCredentials(provider) ? (
        <fieldset className="menu-fieldset store-form__stack">
          <legend>{providerLabel(provider)} credentials</legend>
          {saved?.provider === provider ? (
            <>
              <p>{savedSummary(saved)}</p>
              <CheckField
                id={`${idBase}-replace`}
                label="Replace the saved credentials"
                checked={draft.replace}
                onChange={(replace) =>
                  setDraft({ ...draft, replace, fields: blankFields(provider) })
                }
              />
            </>
          ) : null}
          {keepsSaved ? null : (
            <CredentialFields
              provider={provider}
              values={draft.fields}
              setField={setField}
              errors={errors}
              idBase={idBase}
              onGetKey={onGetKey}
            />
          )}
          {credentialsError ? (
            <p className="form-error" role="alert">
              {credentialsError}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p>The sandbox takes test cards only and needs no credentials.</p>
      )}
    </div>
  );
}

function CredentialFields({
  provider,
  values,
  setField,
  errors,
  idBase,
  onGetKey,
}: {
  provider: CredentialedProvider;
  values: Record<string, string>;
  setField: (name: string, value: string) => void;
  errors: FieldErrors;
  idBase: string;
  onGetKey: (() => void) | undefined;
}) {
  const form = formOf(provider);
  const envError = errors['credentials.environment'];
  return (
    <>
      {form.fields.map((f) => (
        <div key={f.name}>
          <TextInput
            id={`${idBase}-${f.name}`}
            label={f.optional ? `${f.label} (optional)` : f.label}
            value={values[f.name] ?? ''}
            onChange={(v) => setField(f.name, v)}
            error={errors[`credentials.${f.name}`]}
            hint={FIELD_HINTS[f.name]}
            required={!f.optional}
            type={f.secret ? 'password' : 'text'}
            autoComplete="off"
          />
          {f.name === 'transactionKey' && onGetKey ? (
            <button type="button" className="button button--small" onClick={onGetKey}>
              Get a transaction key…
            </button>
          ) : null}
        </div>
      ))}
      <div className="dash-field menu-field">
        <label htmlFor={`${idBase}-environment`}>Environment</label>
        <select
          id={`${idBase}-environment`}
          value={values.environment ?? ''}
          aria-invalid={envError ? true : undefined}
          onChange={(e) => setField('environment', e.target.value)}
        >
          {form.environments.map((env) => (
            <option key={env} value={env}>
              {environmentLabel(env)}
            </option>
          ))}
        </select>
        {envError ? <p className="form-error menu-field__error">{envError}</p> : null}
      </div>
    </>
  );
}

const KEY_FIELDS = [
  ['mid', 'MID', false],
  ['userId', 'User ID', false],
  ['password', 'Password', true],
  ['deviceId', 'Device ID', false],
  ['developerId', 'Developer ID (optional)', false],
] as const;

/** The merchant's TransIT login, sent once to the key request; the password is not kept. */
function TransitKeyDialog({
  merchantId,
  provider,
  draft,
  generateKey,
  onClose,
  onDone,
}: {
  merchantId: string;
  provider: 'tsys' | 'tsys2';
  draft: Draft;
  generateKey: GenerateTransitKey;
  onClose: () => void;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [login, setLogin] = useState<Record<string, string>>({
    ...Object.fromEntries(KEY_FIELDS.map(([name]) => [name, ''])),
    deviceId: draft.fields.deviceId ?? '',
    environment: draft.fields.environment ?? 'stage',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const body = Object.fromEntries(
      Object.entries(login).filter(([k, v]) => !(k === 'developerId' && v.trim() === '')),
    );
    const checked = transitKeyRequest.safeParse(body);
    if (!checked.success) {
      setErrors(errorsFrom(checked.error.issues));
      return;
    }
    setSending(true);
    try {
      gatewaySaved(client, merchantId, await generateKey(provider, checked.data));
      onDone();
    } catch (error) {
      setErrors(
        isApiError(error)
          ? { ...errorsFrom(error.issues), '': error.message }
          : { '': 'The transaction key could not be obtained.' },
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <DashboardDialog title="Get a transaction key" onClose={onClose} dismissable={!sending}>
      <p>Your TransIT login is sent once to get the key; it is not kept.</p>
      {KEY_FIELDS.map(([name, label, secret]) => (
        <TextInput
          key={name}
          id={`transit-key-${name}`}
          label={label}
          value={login[name] ?? ''}
          onChange={(v) => setLogin({ ...login, [name]: v })}
          error={errors[name]}
          type={secret ? 'password' : 'text'}
          autoComplete="off"
        />
      ))}
      {errors[''] ? (
        <p className="form-error" role="alert">
          {errors['']}
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={sending}
          onClick={() => void submit()}
        >
          {sending ? 'Getting the key…' : 'Get the key'}
        </button>
        <button type="button" className="button" disabled={sending} onClick={onClose}>
          Cancel
        </button>
      </div>
    </DashboardDialog>
  );
}
