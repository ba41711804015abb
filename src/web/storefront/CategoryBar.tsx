import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ChevronIcon, ListIcon } from '../components/Icons.js';
import { PromoBell } from './PromoBell.js';
import type { CategoryView } from '../../contract/menu.js';
import { settleLayout } from './lazy-layout.js';

const loadDrawer = () => import('./CategoryDrawer.js');
const CategoryDrawer = lazy(loadDrawer);

/**
 * Scrolls to a category's section after the drawer has closed, and puts the keyboard focus there
 * (after react-aria's own focus return to the list button, which runs in an animation frame).
 */
function goToCategory(id: string) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const section = document.getElementById(id);
      if (!section) return;
      // Positions are read below: every card gets its real height first (./lazy-layout.ts).
      const menu = document.getElementById('menu');
      if (menu) settleLayout(menu);
      if (window.location.hash === `#${id}`) section.scrollIntoView({ block: 'start' });
      else window.location.hash = id;
      section.focus({ preventScroll: true });
    }),
  );
}

/**
 * The horizontally scrolling category bar of narrow screens: one anchor per category
 * (`#categoryId`), a bell on promoted ones, left/right hints when there is more to scroll, and a
 * list button opening every category in a drawer (spec §2).
 */
export function CategoryBar({ categories }: { categories: readonly CategoryView[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  const [canScroll, setCanScroll] = useState({ left: false, right: false });
  const [drawerOpen, setDrawerOpen] = useState(false);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 4;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 4;
    setCanScroll((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, []);

  useEffect(() => {
    // Measured in the next frame, not in the effect: reading the scroll width right after the
    // commit forced a layout of the whole page ahead of the frame's own (one more long task on
    // the store's first paint, bench/storefront).
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
    };
  }, [measure, categories]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollBy({ left: direction * Math.max(160, el.clientWidth * 0.7), behavior: 'smooth' });
  };

  return (
    <nav className="category-bar" aria-label="Menu categories">
      <button
        type="button"
        className="category-bar__list-button"
        aria-label="All categories"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        // Fetch the drawer's code as soon as the diner heads for the button.
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => setDrawerOpen(true)}
      >
        <ListIcon />
      </button>
      <div className="category-bar__scroll">
        <button
          type="button"
          className="category-bar__hint category-bar__hint--left"
          aria-label="Scroll categories left"
          hidden={!canScroll.left}
          onClick={() => scrollBy(-1)}
          tabIndex={-1}
        >
          <ChevronIcon direction="left" />
        </button>
        <ul className="category-bar__list" ref={scroller} onScroll={measure}>
          {categories.map((c) => (
            <li key={c._id}>
              <a className="category-chip" href={`#${c._id}`}>
                {c.name}
                {c.promoMethod ? <PromoBell promo={c.promoMethod} /> : null}
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="category-bar__hint category-bar__hint--right"
          aria-label="Scroll categories right"
          hidden={!canScroll.right}
          onClick={() => scrollBy(1)}
          tabIndex={-1}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      {drawerOpen ? (
        <Suspense fallback={null}>
          <CategoryDrawer
            categories={categories}
            onClose={() => setDrawerOpen(false)}
            onChoose={(id) => {
              setDrawerOpen(false);
              goToCategory(id);
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
