// The order's printing on the order detail (issue 29; docs/decisions/printing.md): each ticket
// job with its printer, kind and status, a failed one with why; Print sends the tickets (a store
// that does not print by itself, or an order it missed) and Reprint prints them again. A store
// with only browser printers sees nothing here: "Print to kitchen" opens the print dialog.
// Also the alert, above the order list, when a printer stops answering during service.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { useParams } from 'react-router';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import * as api from '../../../contract/printer-settings.js';
import { call } from '../../lib/api.js';
import { useFlash } from '../components/Flash.js';
import { orderTime } from './labels.js';
import './print-jobs.css';

const jobsKey = (merchantId: string, orderId: string) =>
  ['orderPrintJobs', merchantId, orderId] as const;

/** While a job is on its way the list follows it closely; then it only checks now and then. */
const BUSY_REFRESH_MS = 2_000;
const IDLE_REFRESH_MS = 20_000;

const KIND: Record<string, string> = {
  kitchen: 'Kitchen ticket',
  receipt: 'Receipt',
  cancel: 'Cancel ticket',
};
const STATUS: Record<string, string> = {
  queued: 'Waiting for the printer',
  sent: 'Sent',
  printed: 'Printed',
  failed: 'Failed',
};

/** The order detail's own clock: times in the store's zone, as the order's time is shown. */
export function PrintJobs({
  order,
  timeZone,
}: {
  order: MerchantOrderView;
  timeZone: string | undefined;
}) {
  const { merchantId = '' } = useParams();
  const key = jobsKey(merchantId, order._id);
  const client = useQueryClient();
  const flash = useFlash();
  const jobs = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(api.readOrderPrintJobs, { params: { merchantId, orderId: order._id } }, signal),
    refetchInterval: (q) =>
      q.state.data?.jobs.some((j) => j.status === 'queued' || j.status === 'sent')
        ? BUSY_REFRESH_MS
        : IDLE_REFRESH_MS,
  });
  const send = useMutation({
    mutationFn: (reprint: boolean) =>
      call(reprint ? api.reprintOrder : api.printOrder, {
        params: { merchantId, orderId: order._id },
      }),
    onSuccess: (data) => client.setQueryData(key, data),
    onError: (err) => flash('error', err instanceof Error ? err.message : 'Cannot print'),
  });
  const data = jobs.data;
  if (!data || !data.hasNetworkPrinter) return null;
  const sentOnce = data.jobs.some((j) => j.kind !== 'cancel');
  return (
    <section className="order-print-jobs" aria-labelledby="order-print-title">
      <div className="order-print-jobs__head">
        <h3 id="order-print-title">Printing</h3>
        {sentOnce ? (
          <Button
            className="button button--small"
            onPress={() => send.mutate(true)}
            isDisabled={send.isPending}
          >
            Reprint
          </Button>
        ) : (
          <Button
            className="button button--small"
            onPress={() => send.mutate(false)}
            isDisabled={send.isPending}
          >
            Print
          </Button>
        )}
      </div>
      {data.jobs.length === 0 ? (
        <p className="muted">
          {!data.autoPrint
            ? 'Not printed: automatic printing is off.'
            : data.placedBeforeAutoPrint
              ? 'Not printed: placed before automatic printing was turned on.'
              : 'Not printed yet.'}
        </p>
      ) : (
        <ul className="order-print-jobs__list" aria-label="Print jobs">
          {data.jobs.map((j) => (
            <li key={j._id} data-status={j.status}>
              <span>
                {j.printer_name} · {KIND[j.kind] ?? j.kind}
                {j.copy > 0 ? ` · reprint ${j.copy}` : ''}
              </span>{' '}
              <strong className={j.status === 'failed' ? 'order-print-jobs__failed' : undefined}>
                {STATUS[j.status] ?? j.status}
                {j.status === 'printed' && j.printed_at
                  ? ` ${orderTime(j.printed_at, timeZone, false)}`
                  : ''}
              </strong>
              {j.status === 'failed' && j.error ? (
                <span className="order-print-jobs__error">{j.error}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A printer that answered within this long counts as in service: silent now, it is an alert. */
export const IN_SERVICE_WINDOW_MS = 12 * 60 * 60 * 1000;
const BOARD_REFRESH_MS = 15_000;

/**
 * The alert above the order list when a printer the server reaches stops answering during
 * service: a CloudPRNT printer that stopped polling (offline) or an ESC/POS printer that cannot be
 * reached, having answered within the last 12 hours. A printer never set up, or switched off
 * overnight and not yet back, is not an alert.
 */
export function PrinterOfflineAlert({ merchantId }: { merchantId: string }) {
  const board = useQuery({
    queryKey: ['printerBoard', merchantId],
    queryFn: ({ signal }) => call(api.printerBoard, { params: { merchantId } }, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });
  const now = Date.now();
  const silent = (board.data ?? []).filter(
    (p) =>
      (p.status === 'offline' || p.status === 'unreachable') &&
      p.last_seen_at !== null &&
      now - Date.parse(p.last_seen_at) < IN_SERVICE_WINDOW_MS,
  );
  if (silent.length === 0) return null;
  return (
    <section className="printer-offline-alert" role="alert" aria-label="Printers not answering">
      <p>
        <strong>
          {silent.length === 1
            ? `Printer ${silent[0]!.name} is not answering`
            : `${silent.length} printers are not answering`}
        </strong>
        <span className="muted">
          {' '}
          New tickets wait until it is back. Check its power, paper and network.
        </span>
      </p>
    </section>
  );
}
