// Tip adjustment (spec §4, §5; docs/decisions/merchant-actions.md): the new tips in dollars, the
// total they make shown before sending (total − old tips + new tips, never negative), then the
// transactions route, which asks the gateway and records the change.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { adjustTransactionTips } from '../../../contract/refs.js';
import type { TransactionView } from '../../../contract/transactions.js';
import { adjustTips, adjustedTipsSchema } from '../../../domain/merchant-rules/orders.js';
import { MESSAGES } from '../../../domain/messages.js';
import { call, isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { ordersKeys, refreshLists } from './queries.js';

/** The new total for typed tips, or the message saying why not. */
export function tipPreview(
  order: MerchantOrderView,
  text: string,
): { ok: true; tipsCents: number; totalCents: number } | { ok: false; message: string } {
  const tips = adjustedTipsSchema.safeParse(text);
  if (!tips.success) return { ok: false, message: tips.error.issues[0]?.message ?? 'Invalid' };
  const adjusted = adjustTips(order.amounts.totalCents, order.amounts.tipsCents, tips.data);
  if (!adjusted.ok) return adjusted;
  return { ok: true, tipsCents: tips.data, totalCents: adjusted.newTotalCents };
}

export function TipAdjustModal({
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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const preview = text.trim() === '' ? null : tipPreview(order, text);

  const submit = async () => {
    const checked = tipPreview(order, text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await call(adjustTransactionTips, {
        params: { merchantId, transactionId: transaction.transactionId },
        body: { adjustedTips: text.trim(), amountCents: checked.totalCents },
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: ordersKeys.order(merchantId, order._id) }),
        client.invalidateQueries({ queryKey: ordersKeys.transaction(merchantId, order._id) }),
        refreshLists(client, merchantId),
      ]);
      flash('success', MESSAGES.UPDATED);
      onClose();
    } catch (e) {
      // M8.18: the gateway adjusted but the update was not saved — the server says "Fail to
      // update transaction."; M8.16 for every other failure (the gateway's refusal among them).
      if (isApiError(e) && e.message === MESSAGES.UPDATE_TRANSACTION_FAILED) {
        flash('error', MESSAGES.UPDATE_TRANSACTION_FAILED);
        setError(MESSAGES.UPDATE_TRANSACTION_FAILED);
        return;
      }
      flash('error', MESSAGES.ADJUST_TIPS_FAILED);
      const reason = isApiError(e) ? (e.issues[0]?.message ?? e.message) : '';
      setError(
        reason && reason !== MESSAGES.ADJUST_TIPS_FAILED
          ? `${MESSAGES.ADJUST_TIPS_FAILED} (${reason})`
          : MESSAGES.ADJUST_TIPS_FAILED,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <DashboardDialog title="Tip adjustment" onClose={onClose} dismissable={!sending}>
      <dl className="dash-summary">
        <div>
          <dt>Order</dt>
          <dd>#{order.orderId}</dd>
        </div>
        <div>
          <dt>Current tips</dt>
          <dd>{formatCents(order.amounts.tipsCents)}</dd>
        </div>
        <div>
          <dt>Current total</dt>
          <dd>{formatCents(order.amounts.totalCents)}</dd>
        </div>
      </dl>
      <div className="dash-field">
        <label htmlFor="adjusted-tips">Adjusted Tips ($)</label>
        <input
          id="adjusted-tips"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'adjusted-tips-error' : 'adjusted-tips-total'}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
      </div>
      <p id="adjusted-tips-total" className="muted">
        {preview?.ok ? `New total: ${formatCents(preview.totalCents)}` : ''}
      </p>
      {error ? (
        <p id="adjusted-tips-error" className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <Button className="button" onPress={onClose} isDisabled={sending}>
          Cancel
        </Button>
        <Button
          className="button button--primary"
          onPress={() => void submit()}
          isDisabled={sending}
        >
          {sending ? 'Adjusting…' : 'Adjust tips'}
        </Button>
      </div>
    </DashboardDialog>
  );
}
