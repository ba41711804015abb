// The promo-code entry (spec §4): the badge of an applied code, and the note when a saved code no
// longer applies (the server's promoCodeDropped) instead of a discount vanishing silently.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartAnswer } from '../../test-data/store.js';
import { PromoCode, Tips } from './TipsAndPromo.js';

afterEach(cleanup);

describe('PromoCode', () => {
  it('says so when the saved code no longer applies', () => {
    render(<PromoCode cart={cartAnswer({ promoCodeDropped: true })} onSave={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Your promo code no longer applies to this order.',
    );
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toBeTruthy();
  });

  it('says nothing when no code was dropped', () => {
    render(<PromoCode cart={cartAnswer()} onSave={vi.fn()} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an applied code as a removable badge', () => {
    const cart = cartAnswer({ promoCode: { code: 'SAVE10', percentageOff: 0.1 } });
    render(<PromoCode cart={cart} onSave={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Remove promo code SAVE10' }).textContent).toContain(
      'SAVE10 · 10% off',
    );
  });
});

describe("Tips (issue 28: the store's presets)", () => {
  it("offers the spec's presets by default and the store's own when it chose them", () => {
    const { unmount } = render(<Tips cart={cartAnswer()} onSave={vi.fn()} />);
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      '0%',
      '10%',
      '15%',
      '20%',
      'Other',
    ]);
    unmount();
    const onSave = vi.fn();
    const presets = {
      percents: [0, 18, 22],
      defaults: { pickup: 18, delivery: 22, curbside: 18, dinein: 18, roomServiceDelivery: 18 },
    };
    render(<Tips cart={cartAnswer()} presets={presets} onSave={onSave} />);
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      '0%',
      '18%',
      '22%',
      'Other',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '22%' }));
    expect(onSave).toHaveBeenCalledWith({ tip: { kind: 'percent', ratePpm: 220_000 } });
  });
});
