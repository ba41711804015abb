// The kitchen ticket prints what was typed without control or direction characters (issue 24):
// rows stored before the server refused them would otherwise reorder or garble the paper.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderView } from '../test/dashboard-testkit.js';
import { KitchenTicket } from './KitchenTicket.js';

afterEach(cleanup);

// eslint-disable-next-line no-control-regex -- the characters the ticket must not print
const REFUSED = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

describe('the kitchen ticket', () => {
  it('prints names, options and notes without control or direction characters', () => {
    const order = orderView({
      orderMethod: 'curbside',
      customerName: 'Ada\u001b[2J\u202e Lovelace',
      carMakeModel: 'Civic\u0007',
      carColor: 'Red\r\nBlue',
      deliveryNote: 'Ring twice\r\nGate\u2066 4321',
      orderItems: [
        {
          ...orderView().orderItems[0]!,
          name: 'Kung\tPao\u202e Chicken',
          orderItemOptions: [{ name: 'Extra\u0007 spicy', name_2nd: '', priceCents: 0 }],
          note: 'No\u001b peanuts\nplease',
        },
      ],
    });
    const { getByTestId } = render(
      <KitchenTicket order={order} merchantName={'Golden\u0007 Lotus'} timeZone="UTC" />,
    );
    const ticket = getByTestId('kitchen-ticket');
    const text = ticket.textContent ?? '';
    expect(text).not.toMatch(REFUSED);
    expect(text).toContain('Golden Lotus');
    expect(text).toContain('Ada[2J Lovelace');
    expect(text).toContain('Car: Civic Red Blue');
    expect(text).toContain('Kung Pao Chicken');
    expect(text).toContain('+ Extra spicy');
    // Multi-line notes keep their line break.
    expect(text).toContain('Note: No peanuts\nplease');
    expect(text).toContain('Delivery note: Ring twice\nGate 4321');
  });
});
