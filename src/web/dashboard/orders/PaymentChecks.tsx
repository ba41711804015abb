// Card payments to check (docs/decisions/merchant-dashboard.md "Payments to check"): orders whose
// card outcome is unknown (the gateway's answer was lost and the provider has no look-up by our
// order id), so they were not placed and money may or may not have moved. A notice above the
// order list opens a dialog listing them with what the gateway's portal needs — above all the
// order ref, which the adapters sent as the order / invoice number — and two answers the merchant
// records once they have looked: "Not charged" or "Charge released".
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { PaymentCheckView } from '../../../contract/transactions.js';
import { MESSAGES } from '../../../domain/messages.js';
import { providerLabel } from '../../../domain/settings/provider-labels.js';
import { isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { orderTime, phoneText } from './labels.js';
import { type PaymentCheckOutcome, usePaymentChecks, useResolvePaymentCheck } from './queries.js';

/** The gateway as its merchant knows it (the portal to open). */
export const checkProviderLabel = (p: string) => (p ? providerLabel(p) : 'Card gateway');

/** "1 card payment to check", "3 card payments to check". */
export function checksTitle(n: number): string {
  return `${n} card payment${n === 1 ? '' : 's'} to check`;
}

const ANSWERS: { outcome: PaymentCheckOutcome; label: string }[] = [
  { outcome: 'not_charged', label: 'Not charged' },
  { outcome: 'released', label: 'Charge released' },
];

/** The notice above the order list; nothing while there is nothing to check. */
export function PaymentChecksNotice({
  merchantId,
  timeZone,
}: {
  merchantId: string;
  timeZone: string | undefined;
}) {
  const checks = usePaymentChecks(merchantId);
  const [open, setOpen] = useState(false);
  const list = checks.data?.checks ?? [];
  return (
    <>
      {list.length > 0 ? (
        <section className="payment-checks-notice" aria-label="Card payments to check">
          <p>
            <strong>{checksTitle(list.length)}</strong>
            <span className="muted"> The gateway did not confirm them.</span>
          </p>
          <button type="button" className="button button--small" onClick={() => setOpen(true)}>
            Review
          </button>
        </section>
      ) : null}
      {open ? (
        <PaymentChecksDialog
          merchantId={merchantId}
          timeZone={timeZone}
          checks={list}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export function PaymentChecksDialog({
  merchantId,
  timeZone,
  checks,
  onClose,
}: {
  merchantId: string;
  timeZone: string | undefined;
  checks: PaymentCheckView[];
  onClose: () => void;
}) {
  const resolve = useResolvePaymentCheck(merchantId);
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);
  const sendingId = resolve.isPending ? resolve.variables?.orderId : undefined;

  const answer = (check: PaymentCheckView, outcome: PaymentCheckOutcome) => {
    setError(null);
    resolve.mutate(
      { orderId: check._id, outcome },
      {
        onSuccess: () => flash('success', MESSAGES.UPDATED),
        onError: (e) => {
          const reason = isApiError(e) ? e.message : 'Please check the network and try again';
          setError(`Could not record the check of order ref ${check._id}: ${reason}`);
        },
      },
    );
  };

  return (
    <DashboardDialog
      title="Card payments to check"
      className="payment-checks-modal"
      onClose={onClose}
      dismissable={!resolve.isPending}
    >
      <p className="muted">
        The gateway did not answer for these card payments, so the orders were not placed, yet the
        card may have been charged. Find each in your gateway&apos;s portal by its order ref (the
        order or invoice number there), release any charge, then record what you found.
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {checks.length === 0 ? (
        <p>All card payments are checked.</p>
      ) : (
        <ul className="payment-checks" aria-label="Card payments to check">
          {checks.map((check) => {
            const time = orderTime(check.createdAt, timeZone);
            const who = `${check.customerName || 'No name'}, ${time}`;
            return (
              <li key={check._id} className="payment-check">
                <div className="payment-check__head">
                  <span>{time}</span>
                  <span>{checkProviderLabel(check.provider)}</span>
                  <strong>{formatCents(check.amountCents)}</strong>
                </div>
                <div>
                  {check.customerName || 'No name'}
                  {check.phone ? ` · ${phoneText(check.phone)}` : ''}
                  {' · '}
                  {check.cardLast4 ? `Card •••• ${check.cardLast4}` : 'Card number not known'}
                </div>
                <div className="payment-check__ref">
                  Order ref <code>{check._id}</code>
                </div>
                <p className="payment-check__reason muted">{check.reason}</p>
                <div className="dash-dialog__actions">
                  {ANSWERS.map(({ outcome, label }) => (
                    <Button
                      key={outcome}
                      className="button button--small"
                      aria-label={`${label}: ${who}`}
                      isDisabled={resolve.isPending}
                      onPress={() => answer(check, outcome)}
                    >
                      {sendingId === check._id && resolve.variables?.outcome === outcome
                        ? 'Saving…'
                        : label}
                    </Button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="dash-dialog__actions">
        <Button className="button" onPress={onClose} isDisabled={resolve.isPending}>
          Done
        </Button>
      </div>
    </DashboardDialog>
  );
}
