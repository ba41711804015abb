// The store header's hours line (issue 25): the status on the merchant's wall clock, whatever the
// machine's zone, and the week's hours one press away in a dialog (today marked, the break shown).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY } from '../test-data/render.js';
import type { WeeklyHours } from '../../domain/settings/schemas.js';
import { StoreHours } from './StoreHours.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const hours: WeeklyHours = {
  tuesday: [{ open: 660, close: 1320 }],
  wednesday: [
    { open: 660, close: 900 },
    { open: 1020, close: 1320 },
  ],
  thursday: [{ open: 660, close: 1320 }],
};

function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('StoreHours', { timeout: 30_000 }, () => {
  it('says open until the closing time in the merchant’s zone', () => {
    at('2026-11-24T17:00:00Z');
    render(<StoreHours hours={hours} zone="America/New_York" />);
    expect(screen.getByRole('button', { name: /^Open until 10:00 PM/ })).toBeTruthy();
  });

  it('says when a closed store opens (the Wednesday break; Wednesday night)', () => {
    at('2026-11-25T20:10:00Z');
    render(<StoreHours hours={hours} zone="America/New_York" />);
    expect(screen.getByRole('button', { name: /^Closed — opens 5:00 PM/ })).toBeTruthy();
    cleanup();
    at('2026-11-26T03:30:00Z');
    render(<StoreHours hours={hours} zone="America/New_York" />);
    expect(screen.getByRole('button', { name: /^Closed — opens Thu 11:00 AM/ })).toBeTruthy();
  });

  it('opens the week’s hours in a dialog, Sunday first, today marked, the break as two periods', async () => {
    at('2026-11-25T20:10:00Z');
    render(<StoreHours hours={hours} zone="America/New_York" />);
    const button = screen.getByRole('button', { name: /Hours/ });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Opening hours' }, LAZY);
    const days = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(days[0]).toBe('Sunday');
    expect(days[3]).toBe('Wednesday (today)');
    const defs = within(dialog)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(defs[0]).toBe('Closed');
    expect(defs[3]).toBe('11:00 AM - 3:00 PM, 5:00 PM - 10:00 PM');
    expect(dialog.querySelector('[aria-current="date"]')?.textContent).toContain('Wednesday');
    expect(within(dialog).getByText(/local time \(EST\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
