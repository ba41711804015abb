import { formatCents } from '../lib/format.js';
import type { PublicItemView } from '../../contract/menu.js';
import { SHOW_ALL, type MenuDisplay } from './display.js';
import { useAfterFirstPaint } from './first-paint.js';

/** One menu item: image, names, description, price and its marks; its name opens the item modal. */
export function ItemCard({
  item,
  display = SHOW_ALL,
  onOpen,
}: {
  item: PublicItemView;
  display?: MenuDisplay;
  onOpen?: ((item: PublicItemView) => void) | undefined;
}) {
  const marks = [
    display.spicy && item.spicy_sign ? { key: 'spicy', label: 'Spicy' } : null,
    display.vegan && item.vegan_sign ? { key: 'vegan', label: 'Vegan' } : null,
    display.raw && item.raw_sign ? { key: 'raw', label: 'Raw' } : null,
  ].filter((m) => m !== null);

  // Images wait for the page's first paint (./first-paint.ts); the frame keeps its size meanwhile.
  const imagesOn = useAfterFirstPaint();

  return (
    <article
      className={`item-card${item.soldout || !item.available ? ' item-card--soldout' : ''}`}
      aria-label={item.name}
    >
      <div className="item-card__body">
        <h3 className="item-card__name">
          {onOpen ? (
            // The button's ::after covers the whole card, so a click anywhere opens the item.
            <button type="button" className="item-card__open" onClick={() => onOpen(item)}>
              {item.name}
            </button>
          ) : (
            item.name
          )}
        </h3>
        {display.secondLanguage && item.name_2nd ? (
          <p className="item-card__name2">{item.name_2nd}</p>
        ) : null}
        {item.discription ? <p className="item-card__desc">{item.discription}</p> : null}
        <div className="item-card__footer">
          <span className="item-card__price">{formatCents(item.priceCents)}</span>
          {marks.map((m) => (
            <span key={m.key} className={`mark mark--${m.key}`}>
              {m.label}
            </span>
          ))}
          {item.soldout ? <span className="badge badge--soldout">Sold out</span> : null}
          {!item.soldout && !item.available && item.unavailableNote ? (
            <span className="badge badge--unavailable">{item.unavailableNote}</span>
          ) : null}
        </div>
      </div>
      <div className="item-card__media">
        {item.imgUrl && !imagesOn ? null : item.imgUrl ? (
          <img src={item.imgUrl} alt="" width={600} height={400} loading="lazy" decoding="async" />
        ) : (
          <div className="item-card__placeholder" aria-hidden>
            {item.name.slice(0, 1)}
          </div>
        )}
      </div>
    </article>
  );
}
