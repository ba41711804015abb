// The menu's sections. Once the full list is in, the sections not yet on screen are added one per
// task: one commit of 180 item cards is a long main-thread task on a phone (Lighthouse's total
// blocking time; a tap during it waits), a section per task keeps each task short. Sections
// already shown are memoised, so each step renders only the new one. `onAllShown` says when the
// last one is in (the arrival notice waits for it: docs/decisions/storefront-store-page.md).
import { memo, useEffect, useState } from 'react';
import type { PublicItemView } from '../../contract/menu.js';
import type { MenuDisplay } from './display.js';
import type { MenuGroup } from './menu.js';
import { MenuSection } from './MenuSection.js';

const Section = memo(MenuSection);

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
  /** Called once the full menu's every section has been rendered. */
  onAllShown?: () => void;
}) {
  // While the list is incomplete every group is shown (they are the leading ones, ./menu.ts); the
  // count then grows from there.
  const [count, setCount] = useState(groups.length);
  useEffect(() => {
    if (!complete) {
      setCount(groups.length);
      return;
    }
    if (count >= groups.length) {
      onAllShown?.();
      return;
    }
    const timer = setTimeout(() => setCount((c) => c + 1), 0);
    return () => clearTimeout(timer);
  }, [complete, count, groups.length, onAllShown]);

  const shown = complete ? groups.slice(0, count) : groups;
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
