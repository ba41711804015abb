// The selected order's actions (spec §2, §4; issue 27): first the order's life — Accept (with the
// ready time), Ready, Complete, Cancel (confirmed with the amount) — each offered in the states the
// order-life table allows, the server's refusal (409: another tablet moved the order first, or a
// card order cancel is not built yet) shown as it says; then print to the kitchen, the ready-time
// notice, tip adjustment and void — each offered only where the spec allows it (same merchant
// day, paid card, a provider that supports it; the server's transaction says canVoid /
// canAdjustTips, and judges again when asked), each with the spec's alerts.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'react-aria-components';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { voidTransaction } from '../../../contract/refs.js';
import type { TransactionView } from '../../../contract/transactions.js';
import { MESSAGES } from '../../../domain/messages.js';
import { isSameLocalDay } from '../../../domain/schedule/date-ranges.js';
import { call, isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { KitchenTicket } from './KitchenTicket.js';
import { isVoided } from './labels.js';
import {
  type LifeCommand,
  ordersKeys,
  refreshLists,
  useOrderCommand,
  useOrderTransaction,
  useUpdateOrder,
} from './queries.js';
import { ReadyTimeModal } from './ReadyTimeModal.js';
import { TipAdjustModal } from './TipAdjustModal.js';

type Open = 'ready' | 'tips' | 'void' | 'accept' | 'cancel' | null;

/** Which life commands the order's state allows (docs/decisions/order-life.md). */
export function lifeCommandsOf(order: MerchantOrderView): LifeCommand[] {
  switch (order.stage) {
    case 'placed':
      // Complete too: a counter order handed over at once (the table allows it).
      return ['accept', 'ready', 'complete', 'cancel'];
    case 'accepted':
      return ['ready', 'complete', 'cancel'];
    case 'ready':
      return ['complete', 'cancel'];
    default:
      return [];
  }
}

/**
 * A shortcut pressed on the board (OrdersPane): `n` tells two presses of one key apart, and
 * `orderId` is the order selected when it was pressed — it applies only once that order's detail
 * shows (a key pressed right after a click must not reach the order still on screen).
 */
export interface ShortcutRequest {
  command: 'accept' | 'ready' | 'complete';
  n: number;
  orderId: string;
}

export function OrderActions({
  merchantId,
  order,
  merchantName,
  timeZone,
  textsOn,
  shortcut,
  onShortcutDone,
  now = () => Date.now(),
}: {
  merchantId: string;
  order: MerchantOrderView;
  merchantName: string;
  timeZone: string | undefined;
  textsOn: boolean;
  shortcut?: ShortcutRequest | null;
  /** The shortcut was taken (or dropped): the pane forgets it, so a remount never repeats it. */
  onShortcutDone?: () => void;
  now?: () => number;
}) {
  const flash = useFlash();
  const update = useUpdateOrder(merchantId);
  const life = useOrderCommand(merchantId);
  const tx = useOrderTransaction(merchantId, order);
  const [open, setOpen] = useState<Open>(null);
  const [printing, setPrinting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = lifeCommandsOf(order);

  // A new order selected: the last one's message goes.
  useEffect(() => setNotice(null), [order._id]);

  const run = async (command: LifeCommand, minutes?: number) => {
    setNotice(null);
    try {
      await life.mutateAsync({
        id: order._id,
        command,
        ...(minutes === undefined ? {} : { minutes }),
      });
      flash('success', MESSAGES.UPDATED);
    } catch (e) {
      // The server's words: "This order is cancelled: accept is not allowed", …
      const reason = isApiError(e) ? e.message : MESSAGES.UPDATE_ORDER_FAILED;
      setNotice(reason);
      flash('error', reason);
      throw e;
    }
  };

  useEffect(() => {
    // Held while the order's detail is not yet the one it was pressed on, or a command still runs:
    // a key pressed as the last one finishes applies after it, not never.
    if (!shortcut || shortcut.orderId !== order._id || open !== null || life.isPending) return;
    onShortcutDone?.();
    if (!allowed.includes(shortcut.command)) {
      setNotice(`Order #${order.orderId} cannot be marked ${shortcut.command} now.`);
      return;
    }
    if (shortcut.command === 'accept') setOpen('accept');
    else void run(shortcut.command).catch(() => undefined);
  }, [shortcut, order._id, open, life.isPending]);

  // The ticket is in the page only while the browser's print runs. The order counts as printed
  // when the print dialog closes (`afterprint`, issue 29), not when print() is merely called.
  useEffect(() => {
    if (!printing) return;
    const done = () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-ticket');
      setPrinting(false);
      update.mutate(
        { id: order._id, body: { hasPrintedToKitchen: true } },
        { onError: () => flash('error', MESSAGES.UPDATE_ORDER_FAILED) },
      );
    };
    window.addEventListener('afterprint', done);
    document.body.classList.add('printing-ticket');
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-ticket');
    };
  }, [printing]);

  const voided = isVoided(order);
  const sameDay = timeZone
    ? isSameLocalDay(Date.parse(order.orderSaveDate), now(), timeZone)
    : false;
  const transaction: TransactionView | null | undefined = tx.data;

  const busy = life.isPending;
  return (
    <div className="order-actions" role="group" aria-label="Order actions">
      {allowed.includes('accept') ? (
        <Button
          className="button button--primary"
          onPress={() => setOpen('accept')}
          isDisabled={busy}
        >
          Accept
        </Button>
      ) : null}
      {allowed.includes('ready') ? (
        <Button
          className={`button${allowed.includes('accept') ? '' : ' button--primary'}`}
          onPress={() => void run('ready').catch(() => undefined)}
          isDisabled={busy}
        >
          Ready
        </Button>
      ) : null}
      {allowed.includes('complete') ? (
        <Button
          className={`button${order.stage === 'ready' ? ' button--primary' : ''}`}
          onPress={() => void run('complete').catch(() => undefined)}
          isDisabled={busy}
        >
          Complete
        </Button>
      ) : null}
      {allowed.includes('cancel') ? (
        <Button
          className="button button--danger"
          onPress={() => setOpen('cancel')}
          isDisabled={busy}
        >
          Cancel order
        </Button>
      ) : null}
      {notice ? (
        <p className="form-error order-actions__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <Button className="button" onPress={() => setPrinting(true)} isDisabled={printing}>
        {order.hasPrintedToKitchen ? 'Print to kitchen again' : 'Print to kitchen'}
      </Button>
      {!voided && sameDay && order.stage !== 'cancelled' ? (
        <Button className="button" onPress={() => setOpen('ready')}>
          Ready time
        </Button>
      ) : null}
      {transaction?.canAdjustTips ? (
        <Button className="button" onPress={() => setOpen('tips')}>
          Adjust tips
        </Button>
      ) : null}
      {transaction?.canVoid ? (
        <Button className="button button--danger" onPress={() => setOpen('void')}>
          Void
        </Button>
      ) : null}

      {printing
        ? createPortal(
            <KitchenTicket order={order} merchantName={merchantName} timeZone={timeZone} />,
            document.body,
          )
        : null}
      {open === 'ready' ? (
        <ReadyTimeModal
          merchantId={merchantId}
          order={order}
          sendsText={textsOn && !order.hasSentOrderTimeSMS}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'accept' ? (
        <ReadyTimeModal
          merchantId={merchantId}
          order={order}
          sendsText={textsOn && sameDay && !order.hasSentOrderTimeSMS}
          onClose={() => setOpen(null)}
          onAccept={(minutes) => run('accept', minutes)}
        />
      ) : null}
      {open === 'cancel' ? (
        <CancelDialog order={order} onClose={() => setOpen(null)} onConfirm={() => run('cancel')} />
      ) : null}
      {open === 'tips' && transaction ? (
        <TipAdjustModal
          merchantId={merchantId}
          order={order}
          transaction={transaction}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'void' && transaction ? (
        <VoidDialog
          merchantId={merchantId}
          order={order}
          transaction={transaction}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * Cancel, confirmed with the amount (issue 27). What happens to the money follows the order-life
 * record: a cash order moves none; a card order's release is the server's (until it is built the
 * server refuses, and its message is shown here as it says).
 */
function CancelDialog({
  order,
  onClose,
  onConfirm,
}: {
  order: MerchantOrderView;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const card = order.paymentMethod === 'creditcard';
  const submit = async () => {
    setSending(true);
    setFailed(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setFailed(isApiError(e) ? e.message : MESSAGES.UPDATE_ORDER_FAILED);
    } finally {
      setSending(false);
    }
  };
  return (
    <DashboardDialog
      title={`Cancel order #${order.orderId}?`}
      onClose={onClose}
      dismissable={!sending}
      role="alertdialog"
    >
      <p>
        Order #{order.orderId} for {order.customerName || 'Guest'},{' '}
        <strong>{formatCents(order.amounts.totalCents)}</strong>, is stopped and the customer sees
        it cancelled.{' '}
        {card
          ? 'The card payment is released.'
          : 'No card payment was taken: return any cash collected.'}{' '}
        This cannot be undone.
      </p>
      {failed ? (
        <p className="form-error" role="alert">
          {failed}
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <Button className="button" onPress={onClose} isDisabled={sending} autoFocus>
          Keep order
        </Button>
        <Button
          className="button button--danger"
          onPress={() => void submit()}
          isDisabled={sending}
        >
          {sending ? 'Cancelling…' : `Cancel order (${formatCents(order.amounts.totalCents)})`}
        </Button>
      </div>
    </DashboardDialog>
  );
}

function VoidDialog({
  merchantId,
  order,
  transaction,
  onClose,
}: {
  merchantId: string;
  order: MerchantOrderView;
  transaction: TransactionView;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = async () => {
    setSending(true);
    setFailed(false);
    try {
      await call(voidTransaction, {
        params: { merchantId, transactionId: transaction.transactionId },
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: ordersKeys.order(merchantId, order._id) }),
        client.invalidateQueries({ queryKey: ordersKeys.transaction(merchantId, order._id) }),
        refreshLists(client, merchantId),
      ]);
      flash('success', MESSAGES.UPDATED);
      onClose();
    } catch {
      flash('error', MESSAGES.VOID_FAILED);
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  return (
    <DashboardDialog
      title={`Void order #${order.orderId}?`}
      onClose={onClose}
      dismissable={!sending}
      role="alertdialog"
    >
      <p>
        The card payment of {formatCents(transaction.amountCents)} is cancelled and the order is
        marked void. This cannot be undone.
      </p>
      {failed ? (
        <p className="form-error" role="alert">
          {MESSAGES.VOID_FAILED}
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <Button className="button" onPress={onClose} isDisabled={sending} autoFocus>
          Keep order
        </Button>
        <Button
          className="button button--danger"
          onPress={() => void submit()}
          isDisabled={sending}
        >
          {sending ? 'Voiding…' : 'Void order'}
        </Button>
      </div>
    </DashboardDialog>
  );
}
