// While the store page loads, the menu's item cards far from the screen are not laid out
// (`content-visibility: auto` under `[data-lazy-layout]`, styles.css). The demo's 180 item cards are
// about 2,200 elements: every section added, and the arrival notice's opening (react-aria makes the
// rest of the page inert, locks its scroll and moves the focus: forced layouts), laid out the whole
// page each time — the page's main-thread blocking on a phone (bench/storefront, TBT).
//
// An undrawn card has only a placeholder height, so positions below it are estimates until it is
// drawn. Nothing may read them then: the menu gets its real layout
// - at the diner's first pointer, key, wheel or touch (before the anchor jump, scroll or click it
//   starts reads a position), all at once, the element under the pointer kept in place;
// - otherwise a few cards at a time in idle moments once every section is in, so it is complete
//   soon after the page goes quiet (each step lays out `CARDS_PER_STEP` cards: a short task).
// docs/decisions/storefront-store-page.md ("Main-thread work after the first paint").
import { useCallback, useEffect, useRef } from 'react';
import { whenIdle } from './first-paint.js';

/** On the menu while its off-screen cards may be left undrawn. */
export const LAZY_LAYOUT_ATTR = 'data-lazy-layout';
/** On an item card that has been given its real layout in an idle moment. */
export const LAID_OUT_ATTR = 'data-laid-out';
/**
 * Cards laid out per idle step. A whole section (10–17 cards) per step made each step a 15–28 ms
 * task on these machines (60–110 ms at Lighthouse's 4× CPU: long tasks, counted in TBT); four cards
 * take 5–12 ms (bench/README.md, storefront).
 */
export const CARDS_PER_STEP = 4;
/** The wait after the last section is added before the idle steps start (the notice opens then). */
export const SETTLE_DELAY_MS = 1_000;

const FIRST_INPUT = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Gives every card of `menu` its real layout now, keeping `anchor` (the element under the pointer,
 * or with the focus) where it is on screen. The browser's own scroll anchoring does not when the
 * cards' `content-visibility` changes (the anchor itself may change with them): the cards above it
 * getting their real heights moved it between a press and its release, and the release then landed
 * on another card (a journey met it).
 */
export function settleLayout(menu: HTMLElement, anchor?: EventTarget | null): void {
  if (!menu.hasAttribute(LAZY_LAYOUT_ATTR)) return;
  // Anywhere on the page: below the menu (the footer's links) moves as much as inside it.
  const kept = anchor instanceof Element && anchor.isConnected ? anchor : null;
  const before = kept?.getBoundingClientRect().top;
  menu.removeAttribute(LAZY_LAYOUT_ATTR);
  if (kept && before !== undefined) {
    const moved = kept.getBoundingClientRect().top - before;
    if (moved !== 0) window.scrollBy({ top: moved, behavior: 'instant' });
  }
}

/**
 * A ref for the menu element: its cards stay undrawn off screen until the diner's first input or,
 * once `allShown`, until idle steps have drawn each of them.
 */
export function useLazyLayout(allShown: boolean): (menu: HTMLElement | null) => () => void {
  const menuRef = useRef<HTMLElement | null>(null);

  const ref = useCallback((menu: HTMLElement | null) => {
    if (!menu) return () => {};
    menuRef.current = menu;
    menu.setAttribute(LAZY_LAYOUT_ATTR, '');
    // Capturing, so the layout is real before any handler of the event (or its default action,
    // such as an anchor's jump) reads a position.
    const settle = (event: Event) => {
      settleLayout(menu, event.target);
      stop();
    };
    const options = { capture: true, passive: true } as const;
    const stop = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, settle, options);
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, settle, options);
    return () => {
      stop();
      menuRef.current = null;
    };
  }, []);

  useEffect(() => {
    const menu = menuRef.current;
    if (!allShown || !menu || !menu.hasAttribute(LAZY_LAYOUT_ATTR)) return;
    let cancel = () => {};
    const step = () => {
      if (!menu.hasAttribute(LAZY_LAYOUT_ATTR)) return;
      const next = menu.querySelectorAll(`.item-card:not([${LAID_OUT_ATTR}])`);
      if (next.length === 0) {
        settleLayout(menu);
        return;
      }
      for (const card of [...next].slice(0, CARDS_PER_STEP)) card.setAttribute(LAID_OUT_ATTR, '');
      cancel = whenIdle(step);
    };
    const timer = setTimeout(() => {
      cancel = whenIdle(step);
    }, SETTLE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancel();
    };
  }, [allShown]);

  return ref;
}
