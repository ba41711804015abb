// One category's items put in the order the storefront lists them (issue 28), by dragging or
// with the keyboard (ReorderList); each drop is saved at once as the category's whole list.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { MESSAGES } from '../../../domain/messages.js';
import { isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { type MenuCategory, type MenuItem, structureWrites } from './queries.js';
import { ReorderList } from './ReorderList.js';

export function ItemOrderDialog({
  merchantId,
  category,
  items,
  onClose,
}: {
  merchantId: string;
  category: MenuCategory;
  items: MenuItem[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const writes = useMemo(() => structureWrites(merchantId, client), [merchantId, client]);
  const [failure, setFailure] = useState<string | null>(null);
  const entries = items
    .filter((i) => i._idCategory === category._id)
    .sort((a, b) => a.item_order_id - b.item_order_id)
    .map((i) => ({ id: i._id, label: i.name, detail: formatCents(i.priceCents) }));

  const save = async (ids: string[]) => {
    setFailure(null);
    try {
      await writes.orderItems(category._id, ids);
      flash('success', MESSAGES.UPDATED);
    } catch (error) {
      const text = isApiError(error) && error.fromServer ? error.message : MESSAGES.CHECK_NETWORK;
      setFailure(text);
      flash('error', text);
      throw error;
    }
  };

  return (
    <DashboardDialog title={`Order of ${category.name}`} onClose={onClose} className="item-order">
      <p className="muted">
        Drag an item by its handle, or Tab to the handle, press Enter, move with the arrow keys and
        press Enter to drop. The storefront lists the items in this order.
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <ReorderList
        label={`Items of ${category.name} in menu order`}
        entries={entries}
        onReorder={save}
      />
      <div className="dash-dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
    </DashboardDialog>
  );
}
