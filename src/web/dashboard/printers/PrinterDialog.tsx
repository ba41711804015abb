// Add or edit a printer (issue 29): name, description, format, how it is reached, paper width,
// and per connection its own fields — an ESC/POS printer's address, a CloudPRNT printer's
// credentials. An edit sends only the fields changed. A new printer stays open after it is added,
// so a CloudPRNT one can get its token at once. The token is shown once, with copy buttons.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { CloudPrntCredentials, PrinterDetail } from '../../../contract/printer-settings.js';
import { SAVE_FAILURES } from '../../../domain/messages.js';
import { isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { TextInput } from '../components/fields.js';
import { useFlash } from '../components/Flash.js';
import { PrinterPicker } from './PrinterPicker.js';
import { type PrinterWrite, useNewCloudToken, useSavePrinter } from './queries.js';

export const FORMAT_OPTIONS = [
  { id: 'kitchen', label: 'Kitchen ticket' },
  { id: 'receipt', label: 'Receipt' },
  { id: 'label', label: 'Label' },
] as const;
export const CONNECTION_OPTIONS = [
  { id: 'none', label: 'Browser (print dialog)' },
  { id: 'cloud', label: 'Star CloudPRNT (the printer polls us)' },
  { id: 'network', label: 'ESC/POS over the network (TCP)' },
] as const;
const WIDTH_OPTIONS = [
  { id: '80mm', label: '80 mm (576 dots)' },
  { id: '58mm', label: '58 mm (384 dots)' },
] as const;

type Format = (typeof FORMAT_OPTIONS)[number]['id'];
type Connection = (typeof CONNECTION_OPTIONS)[number]['id'];
type Width = (typeof WIDTH_OPTIONS)[number]['id'];

interface Form {
  name: string;
  description: string;
  print_format: Format;
  connection: Connection;
  paper_width: Width;
  network_host: string;
  network_port: string;
}

export const formOf = (p: PrinterDetail | null): Form => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  print_format: (p?.print_format ?? 'kitchen') as Format,
  connection: (p?.connection ?? 'none') as Connection,
  paper_width: (p?.paper_width ?? '80mm') as Width,
  network_host: p?.network_host ?? '',
  network_port: p?.network_port ? String(p.network_port) : '9100',
});

/** The fields that differ from the saved printer (all of them for a new one). */
export function changes(form: Form, saved: PrinterDetail | null): PrinterWrite {
  const before = formOf(saved);
  const out: PrinterWrite = {};
  if (!saved || form.name !== before.name) out.name = form.name;
  if (!saved || form.description !== before.description) out.description = form.description;
  if (!saved || form.print_format !== before.print_format) out.print_format = form.print_format;
  if (!saved || form.connection !== before.connection) out.connection = form.connection;
  if (!saved || form.paper_width !== before.paper_width) out.paper_width = form.paper_width;
  if (form.connection === 'network') {
    if (!saved || form.network_host !== before.network_host || out.connection)
      out.network_host = form.network_host;
    if (!saved || form.network_port !== before.network_port || out.connection)
      out.network_port = Number(form.network_port);
  }
  return out;
}

export function PrinterDialog({
  merchantId,
  printer,
  onClose,
}: {
  merchantId: string;
  printer: PrinterDetail | null;
  onClose: () => void;
}) {
  const flash = useFlash();
  const [saved, setSaved] = useState<PrinterDetail | null>(printer);
  const [form, setForm] = useState<Form>(() => formOf(printer));
  const [credentials, setCredentials] = useState<CloudPrntCredentials | null>(null);
  const save = useSavePrinter(merchantId);
  const token = useNewCloudToken(merchantId);
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const issue = (field: string) =>
    isApiError(save.error) ? save.error.fieldMessage(`body.${field}`) : undefined;
  const generalError =
    save.error && !['name', 'network_host', 'network_port'].some((f) => issue(f))
      ? save.error.message || SAVE_FAILURES.printers
      : null;

  const submit = () => {
    const body = changes(form, saved);
    if (Object.keys(body).length === 0) return onClose();
    save.mutate(
      { id: saved?._id ?? null, body },
      {
        onSuccess: (p) => {
          flash('success', saved ? 'Updated' : 'Added');
          setSaved(p);
          setForm(formOf(p));
          if (saved || p.connection !== 'cloud') onClose();
        },
        onError: () => flash('error', SAVE_FAILURES.printers),
      },
    );
  };
  const newToken = () => {
    if (!saved) return;
    token.mutate(saved._id, {
      onSuccess: setCredentials,
      onError: () => flash('error', SAVE_FAILURES.printers),
    });
  };
  const savedAsCloud = saved?.connection === 'cloud' && form.connection === 'cloud';

  return (
    <DashboardDialog
      title={saved ? `Edit printer · ${saved.name}` : 'Add a printer'}
      onClose={onClose}
      dismissable={!save.isPending}
      className="printer-dialog"
    >
      <form
        className="store-form__stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput
          id="printer-name"
          label="Name"
          required
          value={form.name}
          onChange={(v) => set('name', v)}
          error={issue('name')}
        />
        <TextInput
          id="printer-description"
          label="Description"
          value={form.description}
          onChange={(v) => set('description', v)}
        />
        <div className="store-form__grid">
          <PrinterPicker
            label="Prints"
            value={form.print_format}
            options={FORMAT_OPTIONS}
            onChange={(v) => set('print_format', v)}
          />
          <PrinterPicker
            label="Paper width"
            value={form.paper_width}
            options={WIDTH_OPTIONS}
            onChange={(v) => set('paper_width', v)}
          />
        </div>
        <PrinterPicker
          label="Connection"
          value={form.connection}
          options={CONNECTION_OPTIONS}
          onChange={(v) => set('connection', v)}
        />
        {form.connection === 'network' ? (
          <div className="store-form__grid">
            <TextInput
              id="printer-host"
              label="Printer IP address"
              required
              value={form.network_host}
              onChange={(v) => set('network_host', v)}
              error={issue('network_host')}
              hint="Only where this server shares the restaurant’s network"
            />
            <TextInput
              id="printer-port"
              label="Port"
              required
              inputMode="numeric"
              value={form.network_port}
              onChange={(v) => set('network_port', v.replace(/\D/g, ''))}
              error={issue('network_port')}
              hint="9100 to 9109"
            />
          </div>
        ) : null}
        {form.connection === 'cloud' && !savedAsCloud ? (
          <p className="menu-field__hint">Save the printer, then get its CloudPRNT token here.</p>
        ) : null}
        {savedAsCloud ? (
          <CloudPrntSection
            hasToken={saved.has_cloud_token}
            credentials={credentials}
            pending={token.isPending}
            onNewToken={newToken}
          />
        ) : null}
        {generalError ? (
          <p className="form-error" role="alert">
            {generalError}
          </p>
        ) : null}
        <div className="store-section__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : saved ? 'Save' : 'Add printer'}
          </button>
          <Button className="button" onPress={onClose} isDisabled={save.isPending}>
            {credentials ? 'Done' : 'Cancel'}
          </Button>
        </div>
      </form>
    </DashboardDialog>
  );
}

function CloudPrntSection({
  hasToken,
  credentials,
  pending,
  onNewToken,
}: {
  hasToken: boolean;
  credentials: CloudPrntCredentials | null;
  pending: boolean;
  onNewToken: () => void;
}) {
  return (
    <section className="printer-cloud" aria-labelledby="printer-cloud-title">
      <h3 id="printer-cloud-title">CloudPRNT settings for the printer</h3>
      {credentials ? (
        <>
          <p className="printer-cloud__warning" role="status">
            Copy the password now: it is shown only once. A new token replaces it.
          </p>
          <dl className="printer-cloud__credentials">
            <Credential label="Server URL" value={credentials.url} />
            <Credential label="User name" value={credentials.user} />
            <Credential label="Password" value={credentials.password} />
          </dl>
        </>
      ) : (
        <p className="menu-field__hint">
          {hasToken
            ? 'This printer has a token. A new one stops the old one at once.'
            : 'Get a token, then type the URL, user name and password into the printer’s CloudPRNT settings.'}
        </p>
      )}
      <Button className="button" onPress={onNewToken} isDisabled={pending}>
        {pending ? 'Making a token…' : 'New CloudPRNT token'}
      </Button>
    </section>
  );
}

function Credential({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="printer-cloud__row">
      <dt>{label}</dt>
      <dd>
        <code data-credential={label}>{value}</code>
        <Button
          className="button button--small"
          aria-label={`Copy ${label}`}
          onPress={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </dd>
    </div>
  );
}
