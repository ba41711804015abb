// The dashboard's modal dialog (react-aria Modal + Dialog, as the storefront's): a title, a close
// button, focus trapped and returned, Escape and a click outside close it unless `dismissable` is
// false while something is being sent.
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export function DashboardDialog({
  title,
  onClose,
  children,
  className = '',
  dismissable = true,
  role = 'dialog',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  dismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <ModalOverlay
      className="dash-dialog-overlay"
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={`dash-dialog ${className}`}>
        <Dialog className="dash-dialog__body" role={role}>
          <div className="dash-dialog__head">
            <Heading slot="title" className="dash-dialog__title">
              {title}
            </Heading>
            <Button
              slot="close"
              className="dash-icon-button"
              aria-label="Close"
              isDisabled={!dismissable}
            >
              ×
            </Button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
