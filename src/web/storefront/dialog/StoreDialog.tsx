// The storefront's one modal dialog (react-aria Modal + Dialog): a title, a close button, focus
// trapped and returned, Escape and a click outside close it (unless `dismissable` is false while
// something is being sent). A centred card on wide screens, a bottom sheet on phones.
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './dialog.css';
import '../entry/entry-modals.css';

export function StoreDialog({
  title,
  onClose,
  children,
  className = '',
  dismissable = true,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  dismissable?: boolean;
}) {
  return (
    <ModalOverlay
      className="dialog-overlay"
      isOpen
      isDismissable={dismissable}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={`dialog-card entry-modal ${className}`}>
        <Dialog className="entry-modal__dialog">
          <div className="entry-modal__head">
            <Heading slot="title" className="entry-modal__title">
              {title}
            </Heading>
            <Button slot="close" className="icon-button entry-modal__close" aria-label="Close">
              ×
            </Button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
