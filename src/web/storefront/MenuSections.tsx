// The menu's sections. Once the full list is in, the items not yet on screen are added a few per
// task: one commit of 180 item cards is a long main-thread task on a phone (Lighthouse's total
// blocking time; a tap during it waits), and so was one section of 10–17 cards once traced at the
// phone's speed. A task that stays under 50 ms adds nothing to the blocking time, so each step adds
// ITEMS_PER_STEP cards, as a transition (its render yields to the browser): a section appears with
// its first cards and fills over the next tasks (it is below the first screen). Sections already
// complete are memoised, so each step renders only the growing one.
// `onAllShown` says when the last card is in (the arrival notice waits for it:
// docs/decisions/storefront-store-page.md).
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { PublicItemView } from '../../contract/menu.js';
import type { MenuDisplay } from './display.js';
import type { MenuGroup } from './menu.js';
import { MenuSection } from './MenuSection.js';

const Section = memo(MenuSection);

/** Cards added per task once the full list is in (well under 50 ms of main thread each at 4× CPU). */
export const ITEMS_PER_STEP = 4;

export function MenuSections({
  groups,
  complete,
  display,
  onOpenItem,
  onAllShown,
}: {
  groups: readonly MenuGroup[];
  complete: boolean;
  display: MenuDisplay;
  onOpenItem: (item: PublicItemView) => void;
  /** Called once the full menu's every card has been rendered. */
  onAllShown?: () => void;
}) {
  const total = useMemo(() => groups.reduce((n, g) => n + g.items.length, 0), [groups]);
  // While the list is incomplete every group is shown whole (they are the leading ones, ./menu.ts);
  // the count of cards then grows from there.
  const [shownItems, setShownItems] = useState(total);
  useEffect(() => {
    if (!complete) {
      setShownItems(total);
      return;
    }
    if (shownItems >= total) {
      onAllShown?.();
      return;
    }
    const timer = setTimeout(
      () => startTransition(() => setShownItems((n) => n + ITEMS_PER_STEP)),
      0,
    );
    return () => clearTimeout(timer);
  }, [complete, shownItems, total, onAllShown]);

  const shown = complete ? cut(groups, shownItems) : groups;
  return shown.map((g) => (
    <Section
      key={g.category._id}
      category={g.category}
      items={g.items}
      loading={!complete}
      display={display}
      onOpenItem={onOpenItem}
    />
  ));
}

/**
 * The groups holding the first `budget` items in order; the last one cut short if the budget ends
 * inside it. A group with no items shows when the budget reaches it. Whole groups keep their
 * `items` array, so their memoised section does not render again.
 */
export function cut(groups: readonly MenuGroup[], budget: number): MenuGroup[] {
  const out: MenuGroup[] = [];
  let left = budget;
  for (const g of groups) {
    // Below zero: the previous group was cut short, so nothing after it shows yet.
    if (left < 0 || (left === 0 && g.items.length > 0)) break;
    if (g.items.length <= left) out.push(g);
    else out.push({ ...g, items: g.items.slice(0, left) });
    left -= g.items.length;
  }
  return out;
}
