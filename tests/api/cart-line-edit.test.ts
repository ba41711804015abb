// Changing one cart line (issue 25; ours, beside the spec's routes: PUT .../orderItems/:uid/:lineId,
// docs/decisions/storefront-checkout.md "Changing a cart line"): quantity, size, options and note
// are checked as an add checks them (V5.36–V5.41), the cart is repriced on the server with the
// category promotion and the free add-on rules (E3.25, K9.17), and only the diner's own line moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { type Diner, cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
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

const linePath = (d: Diner, lineId: string, merchant = 'demo') =>
  `${cartPath(merchant, 'orderItems', d.uid)}/${lineId}`;

async function dinerWith(...choices: ReturnType<typeof simpleChoice>[]) {
  const d = await newDiner(t.app);
  const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), { orderItems: choices });
  expect(res.status).toBe(200);
  return { d, lines: res.body.orderItems as { _id: string }[] };
}

const edit = ({ itemId: _item, ...choice }: ReturnType<typeof simpleChoice>) => choice;

describe('changing a line', () => {
  it('changes the quantity and reprices the line and the totals', async () => {
    const mapo = byName('Mapo Tofu');
    const { d, lines } = await dinerWith(
      simpleChoice(mapo),
      simpleChoice(byName('Scallion Pancake')),
    );
    const before = await d.call('GET', cartPath('demo', 'userId', d.uid));
    const res = await d.call('PATCH', linePath(d, lines[0]!._id), edit(simpleChoice(mapo, 3)));
    expect(res.status).toBe(200);
    const line = res.body.orderItems[0];
    expect(line).toMatchObject({ _id: lines[0]!._id, qty: 3 });
    expect(line.lineTotalCents).toBe(line.priceCents * 3);
    expect(res.body.amounts.subtotalCents).toBe(
      before.body.amounts.subtotalCents + 2 * line.priceCents,
    );
    // The other line and the order of lines stay.
    expect(res.body.orderItems.map((l: { _id: string }) => l._id)).toEqual(lines.map((l) => l._id));
  });

  it('keeps the size, options and note a change leaves out (the cart’s stepper sends only the quantity)', async () => {
    const sized = menu.find((i) => i.size.length > 1 && i.options.length === 0 && !i.soldout)!;
    const { d, lines } = await dinerWith({
      ...simpleChoice(sized),
      sizeId: sized.size[1]!._id,
      note: 'extra hot',
    });
    const res = await d.call('PATCH', linePath(d, lines[0]!._id), { quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.orderItems[0]).toMatchObject({
      size: sized.size[1]!.name,
      note: 'Extra hot',
      qty: 2,
      lineTotalCents: sized.size[1]!.priceCents * 2,
    });
    const optioned = menu.find(
      (i) => !i.soldout && i.options.some((g) => (g.minNumberToSelect ?? g.numberToSelect) > 0),
    )!;
    const o = await dinerWith(simpleChoice(optioned));
    const kept = await o.d.call('PATCH', linePath(o.d, o.lines[0]!._id), { quantity: 3 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.orderItems[0].orderItemOptions).toEqual(
      (await o.d.call('GET', cartPath('demo', 'userId', o.d.uid))).body.orderItems[0]
        .orderItemOptions,
    );
    expect(kept.body.orderItems[0].orderItemOptions.length).toBeGreaterThan(0);
  });

  it('changes the size, the options and the note of the line’s own item', async () => {
    const sized = menu.find((i) => i.size.length > 1 && i.options.length === 0 && !i.soldout)!;
    const { d, lines } = await dinerWith(simpleChoice(sized));
    const res = await d.call('PATCH', linePath(d, lines[0]!._id), {
      ...edit(simpleChoice(sized, 2)),
      sizeId: sized.size[1]!._id,
      note: 'no onions',
    });
    expect(res.status).toBe(200);
    expect(res.body.orderItems[0]).toMatchObject({
      _idItem: sized._id,
      size: sized.size[1]!.name,
      qty: 2,
      note: 'No onions',
      priceCents: sized.size[1]!.priceCents,
      lineTotalCents: sized.size[1]!.priceCents * 2,
    });

    const optioned = menu.find(
      (i) => !i.soldout && i.options.some((g) => g.optionValues.length > 1),
    )!;
    const group = optioned.options.find((g) => g.optionValues.length > 1)!;
    const o = await dinerWith(simpleChoice(optioned));
    const choice = edit(simpleChoice(optioned));
    const need = Math.max(1, group.minNumberToSelect ?? group.numberToSelect);
    choice.options[group._id] = group.optionValues.slice(1, 1 + need).map((v) => v._id);
    const changed = await o.d.call('PATCH', linePath(o.d, o.lines[0]!._id), choice);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.orderItems[0].orderItemOptions.map((v: { _id: string }) => v._id)).toEqual(
      expect.arrayContaining(choice.options[group._id]!),
    );
  });

  it('applies the category promotion as an add does (buy 3 get 1 on dim sum)', async () => {
    const dimSum = menu.filter(
      (i) =>
        i._idCategory === byName('Har Gow (4)')._idCategory && !i.soldout && i.size.length === 0,
    );
    const { d, lines } = await dinerWith(simpleChoice(dimSum[0]!));
    const one = await d.call('GET', cartPath('demo', 'userId', d.uid));
    expect(one.body.categoryDiscountCents).toBe(0);
    const res = await d.call(
      'PATCH',
      linePath(d, lines[0]!._id),
      edit(simpleChoice(dimSum[0]!, 4)),
    );
    // Added as four units at once, the same line earns the same discount: one unit free.
    const added = await dinerWith(simpleChoice(dimSum[0]!, 4));
    const addedCart = await added.d.call('GET', cartPath('demo', 'userId', added.d.uid));
    expect(res.body.categoryDiscountCents).toBeGreaterThan(0);
    expect(res.body.categoryDiscountCents).toBe(addedCart.body.categoryDiscountCents);
    expect(res.body.amounts).toEqual(addedCart.body.amounts);
  });

  it('offers the free add-on once the line reaches the amount, and takes a chosen one away below it', async () => {
    const kp = byName('Kung Pao Chicken');
    const unit = kp.size[0]?.priceCents ?? kp.priceCents;
    const enough = Math.ceil(4100 / unit);
    const { d, lines } = await dinerWith(simpleChoice(kp));
    expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).body.freeAddon.offered).toBe(
      false,
    );
    const up = await d.call('PATCH', linePath(d, lines[0]!._id), edit(simpleChoice(kp, enough)));
    expect(up.body.freeAddon.offered).toBe(true);
    await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      orderMethod: 'pickup',
      paymentMethod: 'cash',
      tip: { kind: 'percent', ratePpm: 100_000 },
      freeAddonItemName: 'Egg Drop Soup',
    });
    const down = await d.call('PATCH', linePath(d, lines[0]!._id), edit(simpleChoice(kp, 1)));
    expect(down.body.orderItems.some((l: { isFreePromo: boolean }) => l.isFreePromo)).toBe(false);
    expect(down.body.freeAddon).toMatchObject({ offered: false, dropped: true });
  });
});

describe('what a line change refuses', () => {
  it('answers 400 naming the field for a bad quantity, a size of another item, a value of another item and a long note', async () => {
    const a = menu.find((i) => i.options.length > 0 && !i.soldout)!;
    const b = menu.find((i) => i.options.length > 0 && i._id !== a._id && !i.soldout)!;
    const sized = menu.find((i) => i.size.length > 1 && !i.soldout)!;
    const { d, lines } = await dinerWith(simpleChoice(a), simpleChoice(sized));
    for (const quantity of [0, 100, 1.5]) {
      const r = await d.call('PATCH', linePath(d, lines[0]!._id), edit(simpleChoice(a, quantity)));
      expect(r.status, `quantity ${quantity}`).toBe(400);
      expect(r.body.issues[0].path).toEqual(['body', 'quantity']);
    }
    const foreignSize = await d.call('PATCH', linePath(d, lines[1]!._id), {
      ...edit(simpleChoice(sized)),
      sizeId: menu.find((i) => i.size.length > 0 && i._id !== sized._id)!.size[0]!._id,
    });
    expect(foreignSize.status).toBe(400);
    expect(foreignSize.body.issues[0].path).toEqual(['body', 'sizeId']);
    const foreign = edit(simpleChoice(a));
    foreign.options[a.options[0]!._id] = [b.options[0]!.optionValues[0]!._id];
    expect((await d.call('PATCH', linePath(d, lines[0]!._id), foreign)).status).toBe(400);
    const long = await d.call('PATCH', linePath(d, lines[0]!._id), {
      ...edit(simpleChoice(a)),
      note: 'x'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toEqual(['body', 'note']);
    // Nothing changed.
    const cart = await d.call('GET', cartPath('demo', 'userId', d.uid));
    expect(cart.body.orderItems.map((l: { qty: number }) => l.qty)).toEqual([1, 1]);
  });

  it('answers 400 for a line id that is not a uuid (the free add-on line is not editable) and 404 for an unknown line', async () => {
    const mapo = byName('Mapo Tofu');
    const { d } = await dinerWith(simpleChoice(mapo));
    const bad = await d.call('PATCH', linePath(d, 'free-addon-x'), edit(simpleChoice(mapo)));
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(['params', 'lineId']);
    const missing = await d.call(
      'PATCH',
      linePath(d, '00000000-0000-4000-8000-000000000000'),
      edit(simpleChoice(mapo)),
    );
    expect(missing.status).toBe(404);
  });

  it('never reaches a line of another diner: 403 on their cart, 404 through one’s own', async () => {
    const mapo = byName('Mapo Tofu');
    const owner = await dinerWith(simpleChoice(mapo));
    const other = await newDiner(t.app);
    const lineId = owner.lines[0]!._id;
    const onTheirs = await other.call(
      'PATCH',
      `${cartPath('demo', 'orderItems', owner.d.uid)}/${lineId}`,
      edit(simpleChoice(mapo, 5)),
    );
    expect(onTheirs.status).toBe(403);
    const throughMine = await other.call(
      'PATCH',
      linePath(other, lineId),
      edit(simpleChoice(mapo, 5)),
    );
    expect(throughMine.status).toBe(404);
    // Nor through the same diner's cart at another merchant.
    const otherStore = await owner.d.call(
      'PATCH',
      linePath(owner.d, lineId, 'sunrise'),
      edit(simpleChoice(mapo, 5)),
    );
    expect(otherStore.status).toBe(404);
    const cart = await owner.d.call('GET', cartPath('demo', 'userId', owner.d.uid));
    expect(cart.body.orderItems[0].qty).toBe(1);
  });

  it('answers 401 without the diner cookie', async () => {
    const mapo = byName('Mapo Tofu');
    const owner = await dinerWith(simpleChoice(mapo));
    const res = await t.app.inject({
      method: 'PATCH',
      url: linePath(owner.d, owner.lines[0]!._id),
      payload: edit(simpleChoice(mapo, 2)),
    });
    expect(res.statusCode).toBe(401);
  });
});
