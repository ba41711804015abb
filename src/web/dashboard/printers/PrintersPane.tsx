// The Printers pane (issue 29; docs/decisions/printing.md): the store's printers with what each
// last reported, add / edit / remove, a test page, and the store's print settings. The spec's
// "Fail to update printers" is the alert when a change fails (M8).
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { PrinterDetail, PrinterState } from '../../../contract/printer-settings.js';
import { SAVE_FAILURES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { CONNECTION_OPTIONS, FORMAT_OPTIONS, PrinterDialog } from './PrinterDialog.js';
import { PrintSettingsSection } from './PrintSettingsSection.js';
import { usePrinterBoard, usePrintTestPage, useRemovePrinter } from './queries.js';
import '../store/store.css';
import './printers.css';

const STATE_LABEL: Record<PrinterState, string> = {
  online: 'Online',
  paper_low: 'Paper low',
  paper_out: 'Paper out',
  cover_open: 'Cover open',
  error: 'Error',
  unreachable: 'Unreachable',
  offline: 'Offline',
  unknown: 'No status yet',
};
const TONE: Record<PrinterState, 'ok' | 'warn' | 'bad' | 'none'> = {
  online: 'ok',
  paper_low: 'warn',
  paper_out: 'bad',
  cover_open: 'bad',
  error: 'bad',
  unreachable: 'bad',
  offline: 'bad',
  unknown: 'none',
};
const JOB_LABEL: Record<string, string> = {
  queued: 'waiting',
  sent: 'sent',
  printed: 'printed',
  failed: 'failed',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function PrintersPane({ merchantId }: { merchantId: string }) {
  const board = usePrinterBoard(merchantId);
  const [editing, setEditing] = useState<PrinterDetail | 'new' | null>(null);
  const [removing, setRemoving] = useState<PrinterDetail | null>(null);
  if (board.isPending) return <StatusPanel title="Loading…" />;
  if (board.isError)
    return (
      <StatusPanel title="The printers could not be loaded">
        <button type="button" className="button" onClick={() => void board.refetch()}>
          Try again
        </button>
      </StatusPanel>
    );
  return (
    <section className="dash-pane store-pane" aria-labelledby="printers-pane-title">
      <div className="printers-head">
        <h1 id="printers-pane-title">Printers</h1>
        <Button className="button button--primary" onPress={() => setEditing('new')}>
          Add printer
        </Button>
      </div>
      <div className="store-pane__sections">
        {board.data.length === 0 ? (
          <p className="store-section">No printers yet. Kitchen tickets print from the browser.</p>
        ) : (
          <ul className="printer-list" aria-label="Printers">
            {board.data.map((p) => (
              <PrinterCard
                key={p._id}
                merchantId={merchantId}
                printer={p}
                onEdit={() => setEditing(p)}
                onRemove={() => setRemoving(p)}
              />
            ))}
          </ul>
        )}
        <PrintSettingsSection merchantId={merchantId} printers={board.data} />
      </div>
      {editing ? (
        <PrinterDialog
          merchantId={merchantId}
          printer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <RemoveDialog
          merchantId={merchantId}
          printer={removing}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

function PrinterCard({
  merchantId,
  printer,
  onEdit,
  onRemove,
}: {
  merchantId: string;
  printer: PrinterDetail;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const flash = useFlash();
  const test = usePrintTestPage(merchantId);
  const format = FORMAT_OPTIONS.find((f) => f.id === printer.print_format)?.label;
  const connection = CONNECTION_OPTIONS.find((c) => c.id === printer.connection)?.label;
  const browser = printer.connection === 'none';
  const job = printer.last_job;
  return (
    <li className="store-section printer-card" aria-label={printer.name}>
      <div className="printer-card__head">
        <h2>{printer.name}</h2>
        {browser ? (
          <span className="printer-badge" data-tone="none">
            Browser
          </span>
        ) : (
          <span
            className="printer-badge"
            data-tone={TONE[printer.status]}
            data-status={printer.status}
          >
            {STATE_LABEL[printer.status]}
          </span>
        )}
      </div>
      {printer.description ? <p className="printer-card__desc">{printer.description}</p> : null}
      <p className="printer-card__meta">
        {format} · {printer.paper_width.replace('mm', ' mm')} · {connection}
        {printer.connection === 'network' && printer.network_host
          ? ` · ${printer.network_host}:${printer.network_port}`
          : ''}
      </p>
      <p className="printer-card__job" data-testid="last-job">
        {job
          ? `Last job: ${job.kind === 'test' ? 'test page' : `${job.kind} ticket`} ${JOB_LABEL[job.status] ?? job.status}, ${when(job.at)}${job.error ? ` (${job.error})` : ''}`
          : 'No jobs yet'}
      </p>
      <div className="store-section__actions">
        <Button className="button button--small" onPress={onEdit}>
          Edit
        </Button>
        {browser ? null : (
          <Button
            className="button button--small"
            isDisabled={test.isPending}
            onPress={() =>
              test.mutate(printer._id, {
                onSuccess: () => flash('success', 'Test page sent'),
                onError: (e) =>
                  flash(
                    'error',
                    isApiError(e, 'rate_limited')
                      ? 'Wait a few seconds before the next test page'
                      : SAVE_FAILURES.printers,
                  ),
              })
            }
          >
            Print test page
          </Button>
        )}
        <Button className="button button--small button--danger" onPress={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  );
}

function RemoveDialog({
  merchantId,
  printer,
  onClose,
}: {
  merchantId: string;
  printer: PrinterDetail;
  onClose: () => void;
}) {
  const flash = useFlash();
  const remove = useRemovePrinter(merchantId);
  return (
    <DashboardDialog
      title="Remove printer"
      role="alertdialog"
      onClose={onClose}
      dismissable={!remove.isPending}
    >
      <p>
        Remove <strong>{printer.name}</strong>? Items that print on it stop printing there, and its
        waiting jobs are dropped.
      </p>
      <div className="store-section__actions">
        <Button
          className="button button--danger"
          isDisabled={remove.isPending}
          onPress={() =>
            remove.mutate(printer._id, {
              onSuccess: () => {
                flash('success', 'Removed');
                onClose();
              },
              onError: () => flash('error', SAVE_FAILURES.printers),
            })
          }
        >
          Remove
        </Button>
        <Button className="button" onPress={onClose} isDisabled={remove.isPending}>
          Cancel
        </Button>
      </div>
    </DashboardDialog>
  );
}
