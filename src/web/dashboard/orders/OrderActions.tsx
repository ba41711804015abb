// The selected order's actions (spec §2, §4): print to the kitchen, the ready-time notice, tip
// adjustment and void — each offered only where the spec allows it (same merchant day, paid card,
// a provider that supports it; the server's transaction says canVoid / canAdjustTips, and judges
// again when asked), each with the spec's alerts.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'react-aria-components';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { voidTransaction } from '../../../contract/refs.js';
import type { TransactionView } from '../../../contract/transactions.js';
import { MESSAGES } from '../../../domain/messages.js';
import { isSameLocalDay } from '../../../domain/schedule/date-ranges.js';
import { call } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { KitchenTicket } from './KitchenTicket.js';
import { isVoided } from './labels.js';
import { ordersKeys, refreshLists, useOrderTransaction, useUpdateOrder } from './queries.js';
import { ReadyTimeModal } from './ReadyTimeModal.js';
import { TipAdjustModal } from './TipAdjustModal.js';

type Open = 'ready' | 'tips' | 'void' | null;

export function OrderActions({
  merchantId,
  order,
  merchantName,
  timeZone,
  textsOn,
  now = () => Date.now(),
}: {
  merchantId: string;
  order: MerchantOrderView;
  merchantName: string;
  timeZone: string | undefined;
  textsOn: boolean;
  now?: () => number;
}) {
  const flash = useFlash();
  const update = useUpdateOrder(merchantId);
  const tx = useOrderTransaction(merchantId, order);
  const [open, setOpen] = useState<Open>(null);
  const [printing, setPrinting] = useState(false);

  // The ticket is in the page only while the browser's print runs (print() returns once the
  // print dialog is closed); then the order is marked printed.
  useEffect(() => {
    if (!printing) return;
    document.body.classList.add('printing-ticket');
    try {
      window.print();
    } finally {
      document.body.classList.remove('printing-ticket');
      setPrinting(false);
    }
    update.mutate(
      { id: order._id, body: { hasPrintedToKitchen: true } },
      { onError: () => flash('error', MESSAGES.UPDATE_ORDER_FAILED) },
    );
  }, [printing]);

  const voided = isVoided(order);
  const sameDay = timeZone
    ? isSameLocalDay(Date.parse(order.orderSaveDate), now(), timeZone)
    : false;
  const transaction: TransactionView | null | undefined = tx.data;

  return (
    <div className="order-actions" role="group" aria-label="Order actions">
      <Button className="button" onPress={() => setPrinting(true)} isDisabled={printing}>
        {order.hasPrintedToKitchen ? 'Print to kitchen again' : 'Print to kitchen'}
      </Button>
      {!voided && sameDay ? (
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
