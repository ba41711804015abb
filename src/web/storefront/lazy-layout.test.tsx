// The menu's off-screen item cards stay undrawn while the page loads, and get their real layout at
// the diner's first input or in idle steps once every section is in (./lazy-layout.ts).
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CARDS_PER_STEP,
  LAID_OUT_ATTR,
  LAZY_LAYOUT_ATTR,
  SETTLE_DELAY_MS,
  useLazyLayout,
} from './lazy-layout.js';

/** Two sections of five cards: with four cards per step, three steps draw them all. */
function Menu({ allShown }: { allShown: boolean }) {
  const ref = useLazyLayout(allShown);
  return (
    <main ref={ref} id="menu">
      {[0, 1].map((section) => (
        <section key={section} className="menu-section">
          {[0, 1, 2, 3, 4].map((card) => (
            <article key={card} className="item-card" />
          ))}
        </section>
      ))}
    </main>
  );
}

const menu = () => document.getElementById('menu')!;
/** How many cards have been drawn by the idle steps, in document order (they go top down). */
const laidOut = () => {
  const marks = [...menu().querySelectorAll('.item-card')].map((c) =>
    c.hasAttribute(LAID_OUT_ATTR),
  );
  const count = marks.filter(Boolean).length;
  expect(marks).toEqual(marks.map((_, i) => i < count));
  return count;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLazyLayout', () => {
  it('marks the menu lazy from its first render', () => {
    render(<Menu allShown={false} />);
    expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(true);
  });

  it.each(['pointerdown', 'keydown', 'wheel', 'touchstart'])(
    'gives the whole menu its layout at the first %s, before its handlers run',
    (type) => {
      render(<Menu allShown={false} />);
      let lazyWhenHandled: boolean | null = null;
      const handler = () => (lazyWhenHandled = menu().hasAttribute(LAZY_LAYOUT_ATTR));
      document.body.addEventListener(type, handler);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      document.body.removeEventListener(type, handler);
      expect(lazyWhenHandled).toBe(false);
      expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(false);
    },
  );

  it('keeps the pressed element where it is on screen while the sections above get their heights', () => {
    render(<Menu allShown={false} />);
    const card = document.querySelectorAll('.item-card')[7]!;
    // jsdom has no layout: the card is 300 px lower once the menu is laid out.
    vi.spyOn(card, 'getBoundingClientRect').mockImplementation(
      () => ({ top: menu().hasAttribute(LAZY_LAYOUT_ATTR) ? 200 : 500 }) as DOMRect,
    );
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    card.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(false);
    expect(scrollBy).toHaveBeenCalledWith({ top: 300, behavior: 'instant' });
    scrollBy.mockRestore();
  });

  it('keeps a pressed element below the menu (the footer’s links) where it is too', () => {
    render(<Menu allShown={false} />);
    const below = document.body.appendChild(document.createElement('a'));
    vi.spyOn(below, 'getBoundingClientRect').mockImplementation(
      () => ({ top: menu().hasAttribute(LAZY_LAYOUT_ATTR) ? 727 : 850 }) as DOMRect,
    );
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    below.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(scrollBy).toHaveBeenCalledWith({ top: 123, behavior: 'instant' });
    scrollBy.mockRestore();
    below.remove();
  });

  it('stays lazy while sections are still being added', () => {
    render(<Menu allShown={false} />);
    act(() => vi.advanceTimersByTime(SETTLE_DELAY_MS * 10));
    expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(true);
    expect(laidOut()).toBe(0);
  });

  it('once every section is in, lays the cards out a few per idle step after a pause, then the menu', () => {
    expect(CARDS_PER_STEP).toBe(4);
    const { rerender } = render(<Menu allShown={false} />);
    rerender(<Menu allShown />);
    act(() => vi.advanceTimersByTime(SETTLE_DELAY_MS - 1));
    expect(laidOut()).toBe(0);
    // jsdom has no requestIdleCallback: an idle step is a 50 ms timer there (first-paint.ts).
    act(() => vi.advanceTimersByTime(1 + 50));
    expect(laidOut()).toBe(4);
    // Across the sections' boundary: the steps count cards, not sections.
    act(() => vi.advanceTimersByTime(50));
    expect(laidOut()).toBe(8);
    act(() => vi.advanceTimersByTime(50));
    expect(laidOut()).toBe(10);
    expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(true);
    act(() => vi.advanceTimersByTime(50));
    expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(false);
  });

  it('stops its idle steps once an input has laid out the menu', () => {
    const { rerender } = render(<Menu allShown={false} />);
    rerender(<Menu allShown />);
    act(() => vi.advanceTimersByTime(SETTLE_DELAY_MS + 50));
    expect(laidOut()).toBe(4);
    window.dispatchEvent(new Event('keydown'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(laidOut()).toBe(4);
    expect(menu().hasAttribute(LAZY_LAYOUT_ATTR)).toBe(false);
  });

  it('stops listening when the menu goes away', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<Menu allShown={false} />);
    unmount();
    expect(remove.mock.calls.map(([type]) => type).sort()).toEqual(
      ['keydown', 'pointerdown', 'touchstart', 'wheel'].sort(),
    );
    remove.mockRestore();
  });
});
