import { PromoBell } from './PromoBell.js';
import type { CategoryView } from '../../contract/menu.js';

/** The desktop sidebar titled "Categories" (spec §2), with the same anchors as the bar. */
export function CategorySidebar({ categories }: { categories: readonly CategoryView[] }) {
  return (
    <aside className="category-sidebar" aria-labelledby="category-sidebar-title">
      <h2 id="category-sidebar-title" className="category-sidebar__title">
        Categories
      </h2>
      <ul>
        {categories.map((c) => (
          <li key={c._id}>
            <a href={`#${c._id}`}>
              <span>{c.name}</span>
              {c.promoMethod ? <PromoBell promo={c.promoMethod} /> : null}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
