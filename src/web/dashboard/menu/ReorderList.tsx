// A list put in order by dragging (issue 28): react-aria-components' GridList with its
// drag-and-drop hooks, which bring the keyboard way as well — Tab to a row's handle, Enter to
// pick it up, arrows to the place, Enter to drop (Escape cancels) — and announce each step to a
// screen reader. Each drop hands the whole new order to `onReorder`; the list shows it at once
// and goes back to what it was if the save fails.
import { type ReactNode, useEffect, useState } from 'react';
import { Button, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';

export interface ReorderEntry {
  id: string;
  label: string;
  /** A second line: a second-language name, a price. */
  detail?: string;
}

/** The ids after moving `moved` before or after `target` (pure, for the drop and its test). */
export function moveIds(
  ids: readonly string[],
  moved: ReadonlySet<string>,
  target: string,
  position: 'before' | 'after',
): string[] {
  const rest = ids.filter((id) => !moved.has(id));
  const block = ids.filter((id) => moved.has(id));
  const at = rest.indexOf(target);
  if (at === -1) return ids.slice();
  const cut = position === 'before' ? at : at + 1;
  return [...rest.slice(0, cut), ...block, ...rest.slice(cut)];
}

export function ReorderList({
  label,
  entries,
  onReorder,
  actions,
  disabled = false,
}: {
  label: string;
  entries: ReorderEntry[];
  onReorder: (ids: string[]) => Promise<unknown>;
  actions?: (entry: ReorderEntry) => ReactNode;
  disabled?: boolean;
}) {
  const [order, setOrder] = useState(() => entries.map((e) => e.id));
  const stored = entries.map((e) => e.id).join();
  // A list changed elsewhere (an add, a delete, the server's answer) replaces the local order.
  useEffect(() => setOrder(stored ? stored.split(',') : []), [stored]);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const shown = order.map((id) => byId.get(id)).filter((e): e is ReorderEntry => !!e);

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({ 'text/plain': byId.get(String(key))?.label ?? '' })),
    onReorder(e) {
      if (e.target.dropPosition === 'on') return;
      const before = order;
      const next = moveIds(
        order,
        new Set([...e.keys].map(String)),
        String(e.target.key),
        e.target.dropPosition,
      );
      setOrder(next);
      onReorder(next).catch(() => setOrder(before));
    },
    isDisabled: disabled,
  });

  return (
    <GridList
      aria-label={label}
      className="reorder-list"
      items={shown}
      dragAndDropHooks={dragAndDropHooks}
    >
      {(entry) => (
        <GridListItem id={entry.id} textValue={entry.label} className="reorder-list__row">
          <Button slot="drag" className="reorder-list__handle" aria-label={`Move ${entry.label}`}>
            <span aria-hidden="true">⠿</span>
          </Button>
          <span className="reorder-list__label">
            {entry.label}
            {entry.detail ? (
              <span className="muted reorder-list__detail">{entry.detail}</span>
            ) : null}
          </span>
          {actions ? <span className="reorder-list__actions">{actions(entry)}</span> : null}
        </GridListItem>
      )}
    </GridList>
  );
}
