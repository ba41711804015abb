// The vertical category list the category bar's list button opens (spec §2 "drawer"): a
// react-aria-components modal sliding in from the left (focus trap, Escape, focus return).
// Lazy: loaded on the first open, never in the store page's first load.
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './category-drawer.css';
import type { CategoryView } from '../../contract/menu.js';
import { PromoBell } from './PromoBell.js';

export interface CategoryDrawerProps {
  categories: readonly CategoryView[];
  /** A category was chosen: the bar closes the drawer, then scrolls to it. */
  onChoose: (categoryId: string) => void;
  onClose: () => void;
}

export default function CategoryDrawer({ categories, onChoose, onClose }: CategoryDrawerProps) {
  return (
    <ModalOverlay
      className="drawer-overlay"
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="drawer">
        <Dialog className="drawer__dialog">
          <div className="drawer__head">
            <Heading slot="title" className="drawer__title">
              Categories
            </Heading>
            <Button slot="close" className="icon-button" aria-label="Close">
              ×
            </Button>
          </div>
          <nav aria-label="All categories">
            <ul className="drawer__list">
              {categories.map((c) => (
                <li key={c._id}>
                  <a
                    className="drawer__link"
                    href={`#${c._id}`}
                    onClick={(e) => {
                      // The bar scrolls once the drawer (and its scroll lock) is gone.
                      e.preventDefault();
                      onChoose(c._id);
                    }}
                  >
                    <span>{c.name}</span>
                    {c.promoMethod ? <PromoBell promo={c.promoMethod} /> : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
