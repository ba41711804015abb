// The store page's choices bar (store location, order method) and the modals it opens: by
// itself on arrival (notice → location → method, see entry.ts) and from its Change buttons.
// The modals are one lazy chunk (EntryModals.tsx); this part is in the first load.
import { lazy, Suspense, useCallback, useState } from 'react';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { useCart, useDinerId, useSaveCheckout } from '../cart/queries.js';
import { checkoutBodyWith, type EntryChoice } from './checkoutBody.js';
import {
  entryMethods,
  entryNotice,
  entrySteps,
  markEntrySeen,
  readEntrySeen,
  type EntryStep,
} from './entry.js';
import { METHOD_LABELS } from './labels.js';

const EntryModal = lazy(() => import('./EntryModals.js'));

export function StoreEntry({
  merchantId,
  info,
  tableName,
  menuShown,
}: {
  merchantId: string;
  info: PublicBusinessInfo;
  tableName: string | undefined;
  /** The arrival modals wait for the menu to be on screen (it is the page's main content). */
  menuShown: boolean;
}) {
  const uid = useDinerId();
  const cart = useCart(merchantId, uid.data);
  const save = useSaveCheckout(merchantId, uid.data);
  const [queue, setQueue] = useState<EntryStep[]>(() =>
    entrySteps(info, tableName, readEntrySeen(merchantId)),
  );
  const [asked, setAsked] = useState<EntryStep | null>(null);
  const step = asked ?? (menuShown ? queue[0] : undefined) ?? null;
  const methods = entryMethods(info);
  const saved = cart.data?.checkoutInfo;

  // Stable, so the notice's 30-second timer is not restarted by a re-render.
  const close = useCallback(() => {
    if (asked) {
      setAsked(null);
      return;
    }
    setQueue((q) => {
      if (q[0]) markEntrySeen(merchantId, q[0]);
      return q.slice(1);
    });
  }, [asked, merchantId]);

  async function choose(change: EntryChoice) {
    const current = cart.data ?? (await cart.refetch()).data;
    if (!current) throw new Error('Your cart could not be loaded. Please try again.');
    return save.mutateAsync(checkoutBodyWith(current.checkoutInfo, change));
  }

  const showLocation = info.enableBranch;
  const showMethod = !tableName && methods.length > 1;
  const location = saved ? (saved.isBranch ? info.branchName || 'Branch' : info.name) : '…';

  return (
    <>
      {showLocation || showMethod ? (
        <section className="store-choices" aria-label="Your order">
          {showLocation ? (
            <p className="store-choice">
              <span className="store-choice__label">Location</span>
              <span className="store-choice__value">{location}</span>
              <button
                type="button"
                className="link-button"
                aria-label="Change location"
                onClick={() => setAsked('location')}
              >
                Change
              </button>
            </p>
          ) : null}
          {showMethod ? (
            <p className="store-choice">
              <span className="store-choice__label">Order method</span>
              <span className="store-choice__value">
                {saved ? METHOD_LABELS[saved.orderMethod] : '…'}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label="Change order method"
                onClick={() => setAsked('method')}
              >
                Change
              </button>
            </p>
          ) : null}
        </section>
      ) : null}
      {step ? (
        <Suspense fallback={null}>
          <EntryModal
            key={step}
            step={step}
            info={info}
            noticeLines={entryNotice(info, tableName)}
            methods={methods}
            isBranch={saved?.isBranch}
            orderMethod={saved?.orderMethod}
            onLocation={(isBranch) => choose({ isBranch })}
            onMethod={(orderMethod) => choose({ orderMethod })}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
