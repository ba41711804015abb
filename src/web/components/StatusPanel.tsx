import type { ReactNode } from 'react';

/**
 * A centred message for loading, empty and error states. `delayed`: it shows only once it has been
 * on the page for a moment (styles.css, `.status-panel--delayed`), for waits that are usually too
 * short to need a message.
 */
export function StatusPanel({
  title,
  children,
  role = 'status',
  delayed = false,
}: {
  title: string;
  children?: ReactNode;
  role?: 'status' | 'alert';
  delayed?: boolean;
}) {
  return (
    <div className={delayed ? 'status-panel status-panel--delayed' : 'status-panel'} role={role}>
      <p className="status-panel__title">{title}</p>
      {children}
    </div>
  );
}
