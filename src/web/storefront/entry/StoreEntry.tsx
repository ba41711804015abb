// The store page's choices bar (store location, order method) and the modals it opens: by
// itself on arrival (notice → location → method, see entry.ts) and from its Change buttons.
// The modals are one lazy chunk (EntryModals.tsx); this part is in the first load.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
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
import { whenIdle } from '../first-paint.js';
import { loadLocaleData } from './locale-data.js';

const loadEntryModals = () => import('./EntryModals.js');
const EntryModal = lazy(loadEntryModals);

/**
 * Whether the arrival modals may open: once the whole menu is on the page and the browser is
 * idle, in steps that are each their own main-thread task. In a first idle moment the browser's
 * locale data are loaded, in a worker where it can (./locale-data.ts): react-aria looks the locale
 * up as its code is evaluated, so they must be loaded before its chunk is, not after; then, in a
 * next idle moment, the modals' chunk (with react-aria's dialog code) is fetched, and the browser
 * evaluates it when it arrives; in a next idle moment the first modal renders. Evaluating
 * react-aria and mounting its modal cost tens of milliseconds each on a phone (the mount lays the
 * whole page out: react-aria hides the page's scrollbar, makes the rest of the page inert and
 * moves the focus). Done while the menu's sections were still being added, they shared tasks with
 * the sections' renders and laid out a page whose layout was out of date: the page's longest
 * tasks (bench/storefront: TBT).
 */
function useArrivalReady(menuShown: boolean, waiting: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!menuShown || !waiting || ready) return;
    let cancelled = false;
    let cancel = whenIdle(() => {
      void loadLocaleData().then(() => {
        if (cancelled) return;
        cancel = whenIdle(() => {
          // A failed load opens anyway: the lazy component then reports it like any other chunk.
          const next = () => {
            if (!cancelled) cancel = whenIdle(() => setReady(true));
          };
          loadEntryModals().then(next, next);
        });
      });
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [menuShown, waiting, ready]);
  return ready;
}

export function StoreEntry({
  merchantId,
  info,
  tableName,
  menuShown,
}: {
  merchantId: string;
  info: PublicBusinessInfo;
  tableName: string | undefined;
  /**
   * The arrival modals wait for the whole menu to be on screen (it is the page's main content),
   * then for an idle moment.
   */
  menuShown: boolean;
}) {
  const uid = useDinerId();
  const cart = useCart(merchantId, uid.data);
  const save = useSaveCheckout(merchantId, uid.data);
  const [queue, setQueue] = useState<EntryStep[]>(() =>
    entrySteps(info, tableName, readEntrySeen(merchantId)),
  );
  const [asked, setAsked] = useState<EntryStep | null>(null);
  const arrivalReady = useArrivalReady(menuShown, queue.length > 0);
  const step = asked ?? (arrivalReady ? queue[0] : undefined) ?? null;
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
    return save.mutateAsync(checkoutBodyWith(current.checkoutInfo, change, info.tipPresets));
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
