// Identical cart lines merge (issue 25; ours, the spec is silent: docs/decisions/
// storefront-cart-hours-delivery.md "Identical lines merge"): the same item, size, options and note
// added again raises the held line's quantity; anything different is a line of its own; a sum past
// the quantity limit (99) stays a separate line. Two adds at once of the same item make one line
// (the cart row's lock orders them): run this file on the PostgreSQL server too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Tuesday 24 Nov 2026, 12:00 in New York: the demo store is open.
const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];
const byName = (name: string) => menu.find((i) => i.name === name)!;

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

interface Line {
  _id: string;
  name: string;
  qty: number;
  note: string;
  lineTotalCents: number;
  priceCents: number;
}

describe('adding what the cart holds', () => {
  it('the same item added three times is one line of quantity 3, repriced', async () => {
    const d = await newDiner(t.app);
    const rolls = simpleChoice(byName('Spring Rolls (2)'));
    let lines: Line[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
        orderItems: [rolls],
      });
      expect(res.status).toBe(200);
      lines = res.body.orderItems;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: 'Spring Rolls (2)', qty: 3 });
    expect(lines[0]!.lineTotalCents).toBe(lines[0]!.priceCents * 3);
  });

  it('adds the quantities, and merges identical choices sent in one add', async () => {
    const d = await newDiner(t.app);
    const mapo = byName('Mapo Tofu');
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(mapo, 2)],
    });
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(mapo, 3), simpleChoice(mapo, 1)],
    });
    expect(res.status).toBe(200);
    expect(res.body.orderItems.map((l: Line) => l.qty)).toEqual([6]);
  });

  it('keeps a line of its own for another note, another size or other options', async () => {
    const d = await newDiner(t.app);
    const rolls = simpleChoice(byName('Spring Rolls (2)'));
    const sized = menu.find((i) => i.size.length > 1 && i.options.length === 0 && !i.soldout)!;
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [
        rolls,
        { ...rolls, note: 'extra sauce' },
        { ...simpleChoice(sized), sizeId: sized.size[0]!._id },
        { ...simpleChoice(sized), sizeId: sized.size[1]!._id },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.orderItems).toHaveLength(4);
    // The same note again (as the server writes it) joins its own line.
    const again = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [{ ...rolls, note: 'extra sauce' }],
    });
    expect(again.body.orderItems).toHaveLength(4);
    expect(again.body.orderItems.map((l: Line) => l.qty)).toEqual([1, 2, 1, 1]);
  });

  it('starts a new line when the sum would pass the quantity limit (99)', async () => {
    const d = await newDiner(t.app);
    const rolls = byName('Spring Rolls (2)');
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(rolls, 98)],
    });
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(rolls, 2)],
    });
    expect(res.status).toBe(200);
    // Sorted: the test clock stands still, so both lines have the same time of adding.
    expect(res.body.orderItems.map((l: Line) => l.qty).sort()).toEqual([2, 98]);
  });

  it('two adds of the same item at once make one line of quantity 2', async () => {
    const d = await newDiner(t.app);
    const rolls = simpleChoice(byName('Spring Rolls (2)'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        d.call('POST', cartPath('demo', 'orderItems', d.uid), { orderItems: [rolls] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const cart = await d.call('GET', cartPath('demo', 'userId', d.uid));
    expect(cart.body.orderItems.map((l: Line) => l.qty)).toEqual([6]);
  });
});
