// The cart panel (spec §2, §4 "Cart and checkout"); data parsed through the contract's cart answer.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartAnswer, cartLine } from '../../test-data/store.js';
import { CartPanel, type CartPanelProps } from './CartPanel.js';

afterEach(cleanup);

function panel(overrides: Partial<CartPanelProps> = {}) {
  const props: CartPanelProps = {
    cart: cartAnswer(),
    busy: false,
    error: null,
    secondLanguage: true,
    onRemove: vi.fn(),
    onRemoveUnavailable: vi.fn(),
    onCheckout: vi.fn(),
    ...overrides,
  };
  render(<CartPanel {...props} />);
  return props;
}

const wings = cartLine({
  _id: 'l1',
  name: 'Crispy Chicken Wings (8)',
  qty: 2,
  orderItemOptions: [{ _id: 'o1', name: 'Plum Sauce', name_2nd: '', priceCents: 0 }],
  lineTotalCents: 2590,
});
const rice = cartLine({ _id: 'l2', name: 'Fried Rice', size: 'Large', lineTotalCents: 1595 });

describe('CartPanel', () => {
  it('S2.28: an empty cart shows the exact empty text and no button', () => {
    panel();
    expect(screen.getByText('Your cart is empty. Add items to get started.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Checkout/ })).toBeNull();
  });

  it('S2.24, S2.25, T4.7: lists lines with Remove; Checkout shows the server subtotal', () => {
    const props = panel({
      cart: cartAnswer({
        orderItems: [wings, rice],
        amounts: { ...cartAnswer().amounts, subtotalCents: 4185 },
      }),
    });
    const line = screen.getByRole('listitem', { name: 'Crispy Chicken Wings (8)' });
    expect(line.textContent).toContain('2×');
    expect(line.textContent).toContain('Plum Sauce');
    expect(line.textContent).toContain('$25.90');
    fireEvent.click(within(line).getByRole('button', { name: 'Remove Crispy Chicken Wings (8)' }));
    expect(props.onRemove).toHaveBeenCalledWith('l1');
    const checkout = screen.getByRole('button', { name: 'Checkout $41.85' });
    fireEvent.click(checkout);
    expect(props.onCheckout).toHaveBeenCalledOnce();
  });

  it('S2.26, T4.5: a closed store shows a disabled Store closed button', () => {
    panel({
      cart: cartAnswer({ orderItems: [rice], cartButton: 'storeClosed', storeOpen: false }),
    });
    const button = screen.getByRole('button', { name: 'Store closed' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Checkout/ })).toBeNull();
  });

  it('S2.27, T4.6: unavailable lines say so and the button removes them', () => {
    const props = panel({
      cart: cartAnswer({
        orderItems: [rice, cartLine({ _id: 'l3', name: 'Har Gow', available: false })],
        cartButton: 'removeUnavailable',
      }),
    });
    const line = screen.getByRole('listitem', { name: 'Har Gow' });
    expect(line.textContent).toContain('This item unavailable now.');
    expect(screen.getByRole('listitem', { name: 'Fried Rice' }).textContent).not.toContain(
      'unavailable',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove unavailable items' }));
    expect(props.onRemoveUnavailable).toHaveBeenCalledOnce();
  });

  it('under 640 px the bar opens the panel as a sheet', () => {
    panel({ cart: cartAnswer({ orderItems: [wings] }) });
    const bar = screen.getByRole('button', { name: /View cart \(2 items\)/ });
    expect(bar.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bar);
    expect(bar.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Your cart' }).className).toContain(
      'cart-panel--open',
    );
  });

  it('issue 25: each line has a quantity stepper that names its line, stopping at 1 and 99', () => {
    const onQuantity = vi.fn();
    panel({
      cart: cartAnswer({
        orderItems: [wings, rice, cartLine({ _id: 'l4', name: 'Mapo Tofu', qty: 99 })],
      }),
      onQuantity,
    });
    const stepper = screen.getByRole('group', { name: 'Quantity of Crispy Chicken Wings (8)' });
    expect(within(stepper).getByRole('status').textContent).toBe('2');
    fireEvent.click(
      within(stepper).getByRole('button', { name: 'One more Crispy Chicken Wings (8)' }),
    );
    expect(onQuantity).toHaveBeenLastCalledWith('l1', 3);
    fireEvent.click(
      within(stepper).getByRole('button', { name: 'One fewer Crispy Chicken Wings (8)' }),
    );
    expect(onQuantity).toHaveBeenLastCalledWith('l1', 1);
    const one = screen.getByRole('button', { name: 'One fewer Fried Rice' }) as HTMLButtonElement;
    expect(one.disabled).toBe(true);
    const most = screen.getByRole('button', { name: 'One more Mapo Tofu' }) as HTMLButtonElement;
    expect(most.disabled).toBe(true);
  });

  it('issue 25: Edit hands the line over; the free add-on and unavailable lines have only Remove', () => {
    const onEdit = vi.fn();
    panel({
      cart: cartAnswer({
        orderItems: [
          wings,
          cartLine({ _id: 'l5', name: 'Har Gow', available: false }),
          cartLine({
            _id: 'free-addon-x',
            name: 'Egg Drop Soup',
            isFreePromo: true,
            priceCents: 0,
          }),
        ],
      }),
      onEdit,
      onQuantity: vi.fn(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Crispy Chicken Wings (8)' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ _id: 'l1' }));
    for (const name of ['Har Gow', 'Egg Drop Soup']) {
      const line = screen.getByRole('listitem', { name });
      expect(within(line).queryByRole('group')).toBeNull();
      expect(within(line).queryByRole('button', { name: `Edit ${name}` })).toBeNull();
      expect(within(line).getByRole('button', { name: `Remove ${name}` })).toBeTruthy();
    }
  });

  it('issue 25: the line controls wait while a change is on its way', () => {
    panel({
      cart: cartAnswer({ orderItems: [wings] }),
      busy: true,
      onQuantity: vi.fn(),
      onEdit: vi.fn(),
    });
    for (const name of ['One more', 'One fewer', 'Edit', 'Remove']) {
      const b = screen.getByRole('button', { name: `${name} Crispy Chicken Wings (8)` });
      expect((b as HTMLButtonElement).disabled, name).toBe(true);
    }
  });
});
