// One row of the Menu pane's item table, and the sold-out toggle the rows share. Built to stay
// cheap when 500 of them are drawn (issue 28, bench/dashboard, docs/decisions/menu-pane-scale.md):
// the row is memoised, holds no hooks of its own, and its sold-out switch is a native checkbox
// with the switch role rather than a react-aria Switch (whose press, hover and focus hooks per
// row, with each row's own mutation, made the open's script time 5× what it is now); the one
// mutation lives in the pane.
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useState } from 'react';
import { MESSAGES } from '../../../domain/messages.js';
import { formatCents } from '../../lib/format.js';
import { useFlash } from '../components/Flash.js';
import { failureText } from './alerts.js';
import { type MenuItem, menuWrites, storeItem } from './queries.js';

/** Sets an item sold out or back; the value being sent, per item, while its write is under way. */
export function useSoldOut(merchantId: string) {
  const client = useQueryClient();
  const flash = useFlash();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const setSoldOut = useCallback(
    (id: string, soldout: boolean) => {
      setPending((p) => new Map(p).set(id, soldout));
      menuWrites(merchantId)
        .update(id, { soldout })
        .then(
          (saved) => {
            storeItem(client, merchantId, saved);
            flash('success', MESSAGES.UPDATED);
          },
          // M8.37: the switch goes back to what the server holds.
          () => flash('error', failureText('availability')),
        )
        .finally(() =>
          setPending((p) => {
            const next = new Map(p);
            next.delete(id);
            return next;
          }),
        );
    },
    [client, flash, merchantId],
  );
  return { pending, setSoldOut };
}

/** One row; memoised, so a search or a sold-out toggle re-renders only the rows that change. */
export const ItemRow = memo(function ItemRow({
  item,
  category,
  sending,
  onSoldOut,
  onEdit,
  onDelete,
}: {
  item: MenuItem;
  category: string;
  /** The sold-out value being sent for this item, if a write is under way. */
  sending: boolean | undefined;
  onSoldOut: (id: string, soldout: boolean) => void;
  onEdit: (id: string) => void;
  onDelete: (item: MenuItem) => void;
}) {
  const checked = sending ?? item.soldout;
  const busy = sending !== undefined;
  return (
    <tr data-soldout={item.soldout ? 'true' : undefined}>
      <td className="menu-table__image">
        {item.imgUrl ? (
          <img src={item.imgUrl} alt="" width={60} height={40} loading="lazy" />
        ) : (
          <span className="menu-table__noimage" aria-hidden="true" />
        )}
      </td>
      <td className="menu-table__name">
        <button type="button" className="menu-table__edit" onClick={() => onEdit(item._id)}>
          {item.name}
        </button>
        {item.name_2nd ? <span className="menu-table__second">{item.name_2nd}</span> : null}
        <span className="menu-table__extras">
          {item.size.length ? `${item.size.length} sizes` : null}
          {item.size.length && item.options.length ? ' · ' : null}
          {item.options.length ? `${item.options.length} options` : null}
        </span>
      </td>
      <td className="menu-table__category">{category}</td>
      <td className="menu-table__price">{formatCents(item.priceCents)}</td>
      <td className="menu-table__soldout">
        <label
          className="menu-switch"
          data-selected={checked || undefined}
          data-disabled={busy || undefined}
        >
          <input
            type="checkbox"
            role="switch"
            className="menu-switch__input"
            checked={checked}
            disabled={busy}
            onChange={(e) => onSoldOut(item._id, e.target.checked)}
            aria-label={`Sold out: ${item.name}`}
          />
          <span className="menu-switch__track" aria-hidden="true">
            <span className="menu-switch__thumb" />
          </span>
          <span className="menu-switch__text" aria-hidden="true">
            {checked ? 'Sold out' : 'Available'}
          </span>
        </label>
      </td>
      <td className="menu-table__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onEdit(item._id)}
          aria-label={`Edit ${item.name}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--ghost menu-table__delete"
          onClick={() => onDelete(item)}
          aria-label={`Delete ${item.name}`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
});
