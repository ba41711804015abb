// A category's promotion on the store page reads as the spec writes it (checklist E3.25–E3.27),
// beside the merchant's own name for it — the same formatter the dashboard uses.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PromoMethod } from '../../domain/settings/schemas.js';
import { category } from '../test-data/store.js';
import { MenuSection } from './MenuSection.js';

afterEach(cleanup);

describe('MenuSection promotion badge', () => {
  it.each([
    ['E3.25', { name: 'Dim Sum Deal', type: 'BUY_X_GET_Y_FREE', x: 3, y: 1 }, 'BUY 3 GET 1 FREE'],
    ['E3.26', { name: 'Big order', type: 'MEET_X_MINUS_Y', x: 5000, y: 500 }, 'BUY $50 GET $5 OFF'],
    [
      'E3.27',
      { name: 'Ten off', type: 'MEET_X_PERCENT_OFF', x: 3000, y: 10 },
      'BUY $30 GET 10% OFF',
    ],
  ] as [string, PromoMethod, string][])('%s: %j shows %s', (_id, promoMethod, label) => {
    render(
      <MenuSection
        category={category({ _id: 'c1', name: 'Dim Sum', promoMethod })}
        items={[]}
        loading={false}
      />,
    );
    expect(screen.getByText(`${promoMethod.name}: ${label}`)).toBeTruthy();
  });
});
