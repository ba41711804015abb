import type { ReactNode } from 'react';

/** A centred message for loading, empty and error states. */
export function StatusPanel({
  title,
  children,
  role = 'status',
}: {
  title: string;
  children?: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <div className="status-panel" role={role}>
      <p className="status-panel__title">{title}</p>
      {children}
    </div>
  );
}
