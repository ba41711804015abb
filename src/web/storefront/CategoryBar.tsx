import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronIcon } from '../components/Icons.js';
import { PromoBell } from './PromoBell.js';
import type { CategoryView } from '../../contract/menu.js';

/**
 * The horizontally scrolling category bar of narrow screens: one anchor per category
 * (`#categoryId`), a bell on promoted ones, and left/right hints when there is more to scroll.
 */
export function CategoryBar({ categories }: { categories: readonly CategoryView[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  const [canScroll, setCanScroll] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 4;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 4;
    setCanScroll((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
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
    </nav>
  );
}
