import { ItemCard } from './ItemCard.js';
import { PromoBell } from './PromoBell.js';
import { promoDisplayText } from '../../domain/format/promo.js';
import type { CategoryView, PublicItemView } from '../../contract/menu.js';
import { SHOW_ALL, type MenuDisplay } from './display.js';

/** One category of the menu, reachable at `#categoryId`. */
export function MenuSection({
  category,
  items,
  loading,
  display = SHOW_ALL,
  onOpenItem,
}: {
  category: CategoryView;
  items: readonly PublicItemView[];
  loading: boolean;
  display?: MenuDisplay;
  onOpenItem?: ((item: PublicItemView) => void) | undefined;
}) {
  const headingId = `category-title-${category._id}`;
  return (
    // tabIndex -1: the category drawer moves the keyboard focus to the chosen section.
    <section id={category._id} className="menu-section" aria-labelledby={headingId} tabIndex={-1}>
      <header className="menu-section__header">
        <h2 id={headingId} className="menu-section__title">
          {category.name}
          {category.promoMethod ? <PromoBell promo={category.promoMethod} /> : null}
        </h2>
        {display.secondLanguage && category.name_2nd ? (
          <p className="menu-section__name2">{category.name_2nd}</p>
        ) : null}
        {category.promoMethod ? (
          // The merchant's name for it and the spec's reading of its terms (E3.25–E3.27).
          <p className="menu-section__promo">
            {category.promoMethod.name}: {promoDisplayText(category.promoMethod)}
          </p>
        ) : null}
        {category.description ? <p className="menu-section__desc">{category.description}</p> : null}
      </header>
      {items.length > 0 ? (
        <div className="menu-section__grid">
          {items.map((item) => (
            <ItemCard key={item._id} item={item} display={display} onOpen={onOpenItem} />
          ))}
        </div>
      ) : (
        <p className="menu-section__empty">
          {loading ? 'Loading…' : 'No items in this category yet.'}
        </p>
      )}
    </section>
  );
}
