// The new-order bell modal (spec §2, §4): opens when a new order is found and stays, with the bell
// looping, until the merchant closes it or goes to the order.
import { Button } from 'react-aria-components';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { BellIcon } from '../components/icons.js';
import { methodLabel } from '../orders/labels.js';

export function NewOrderModal({
  orders,
  onClose,
  onView,
}: {
  orders: MerchantOrderView[];
  onClose: () => void;
  onView: (order: MerchantOrderView) => void;
}) {
  const newest = orders[orders.length - 1]!;
  return (
    <DashboardDialog
      title={orders.length === 1 ? 'New order' : `${orders.length} new orders`}
      onClose={onClose}
      className="new-order-modal"
    >
      <div className="new-order-modal__bell" aria-hidden="true">
        <BellIcon size={40} />
      </div>
      <ul className="new-order-modal__list" aria-label="New orders">
        {[...orders].reverse().map((o) => (
          <li key={o._id}>
            <strong>#{o.orderId}</strong> {methodLabel(o)} · {o.customerName || 'Guest'} ·{' '}
            {formatCents(o.amounts.totalCents)}
          </li>
        ))}
      </ul>
      <div className="dash-dialog__actions">
        <Button className="button" onPress={onClose}>
          Dismiss
        </Button>
        <Button className="button button--primary" onPress={() => onView(newest)} autoFocus>
          View order #{newest.orderId}
        </Button>
      </div>
    </DashboardDialog>
  );
}
