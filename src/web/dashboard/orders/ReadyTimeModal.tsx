// The ready-time notice (spec §2, §4, §5): quick picks 5 to 40 in steps of 5, "Ready" for 0, or any
// whole number of minutes up to 999. With texts on and none sent yet, the minutes go to the diner
// by text (POST sendOrderTimeSMS, once per order); otherwise they are saved on the order (PUT), and
// the diner's page and the dashboard show them either way.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { sendOrderTimeSms } from '../../../contract/refs.js';
import { readyMinutesSchema } from '../../../domain/merchant-rules/orders.js';
import { MESSAGES } from '../../../domain/messages.js';
import { call, isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { patchOrder, useUpdateOrder } from './queries.js';

export const QUICK_PICKS = [5, 10, 15, 20, 25, 30, 35, 40] as const;

export function ReadyTimeModal({
  merchantId,
  order,
  sendsText,
  onClose,
  onAccept,
}: {
  merchantId: string;
  order: MerchantOrderView;
  /** Texts are on and this order has had none: the minutes go out by text. */
  sendsText: boolean;
  onClose: () => void;
  /**
   * Accept (issue 27): the minutes go to the accept command, which queues the text itself when
   * the store has it on (once per order). Throws the server's refusal.
   */
  onAccept?: (minutes: number) => Promise<unknown>;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const update = useUpdateOrder(merchantId);
  const [value, setValue] = useState(
    order.willBeReadyInMinutes === null ? '' : String(order.willBeReadyInMinutes),
  );
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const parsed = readyMinutesSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.INVALID);
      return;
    }
    setError(null);
    setSending(true);
    try {
      if (onAccept) {
        await onAccept(parsed.data);
      } else if (sendsText) {
        const answer = await call(sendOrderTimeSms, {
          params: { merchantId },
          body: { _id: order._id, willBeReadyInMinutes: parsed.data },
        });
        patchOrder(client, merchantId, answer.order);
      } else {
        await update.mutateAsync({
          id: order._id,
          body: { willBeReadyInMinutes: parsed.data },
        });
      }
      flash('success', MESSAGES.UPDATED);
      onClose();
    } catch (e) {
      const failure = sendsText && !onAccept ? MESSAGES.SMS_FAILED : MESSAGES.UPDATE_ORDER_FAILED;
      flash('error', failure);
      const reason = isApiError(e) ? (e.issues[0]?.message ?? e.message) : '';
      setError(reason && reason !== failure ? `${failure} (${reason})` : failure);
    } finally {
      setSending(false);
    }
  };

  const minutes = value.trim();
  return (
    <DashboardDialog
      title={onAccept ? `Accept order #${order.orderId}` : 'Ready-time notice'}
      onClose={onClose}
      dismissable={!sending}
      className="ready-time-modal"
    >
      <p className="muted">
        Order #{order.orderId} · {order.customerName || 'Guest'}
      </p>
      <div className="quick-picks" role="group" aria-label="Quick picks">
        {QUICK_PICKS.map((m) => (
          <Button
            key={m}
            className="button quick-pick"
            aria-pressed={minutes === String(m)}
            onPress={() => {
              setValue(String(m));
              setError(null);
            }}
          >
            {m} min
          </Button>
        ))}
      </div>
      <Button
        className="button quick-pick quick-pick--ready"
        aria-pressed={minutes === '0'}
        onPress={() => {
          setValue('0');
          setError(null);
        }}
      >
        Ready (0 min)
      </Button>
      <div className="dash-field">
        <label htmlFor="ready-minutes">Minutes until ready (0 = Ready)</label>
        <input
          id="ready-minutes"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ready-minutes-error' : 'ready-minutes-hint'}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
      </div>
      <p id="ready-minutes-hint" className="muted">
        {minutes === '0'
          ? 'The order will show as Ready.'
          : /^\d+$/.test(minutes)
            ? `The order will show as ready in ${minutes} minutes.`
            : ''}{' '}
        {sendsText
          ? 'The customer gets a text message.'
          : order.hasSentOrderTimeSMS
            ? 'A text was already sent for this order: the time is saved without a new text.'
            : 'Texts are off: the time is saved on the order.'}
      </p>
      {error ? (
        <p id="ready-minutes-error" className="form-error" role="alert">
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
          {sending ? 'Sending…' : onAccept ? 'Accept' : sendsText ? 'Send text' : 'Save ready time'}
        </Button>
      </div>
    </DashboardDialog>
  );
}
