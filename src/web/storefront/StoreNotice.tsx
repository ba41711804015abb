import { useState } from 'react';
import { noticeLines } from '../../domain/merchant-rules/store.js';

/**
 * The merchant's home-page notice (or the dine-in notice at a table), as plain text lines.
 * A modal comes with the full store page; for now it is a dismissible banner.
 */
export function StoreNotice({ notice }: { notice: string | null | undefined }) {
  const [dismissed, setDismissed] = useState(false);
  const lines = noticeLines(notice);
  if (dismissed || lines.length === 0) return null;
  return (
    <aside className="store-notice" aria-label="Notice from the restaurant">
      <div className="store-notice__text">
        {lines.map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <button type="button" className="button button--ghost" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </aside>
  );
}
