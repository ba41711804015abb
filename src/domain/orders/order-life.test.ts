// Property tests of the order's life (issue 26; docs/decisions/order-life.md): random runs of
// commands against the table, checked against what the record promises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  END_STATES,
  ORDER_COMMANDS,
  ORDER_COMMAND_NAMES,
  ORDER_LIFE_STATES,
  type OrderCommand,
  type OrderFacts,
  type OrderLifeState,
  PLACED_STATES,
  decide,
} from './order-life.js';

const command = fc.constantFrom(...ORDER_COMMAND_NAMES);
const facts = fc.record({
  state: fc.constantFrom(...ORDER_LIFE_STATES),
  paymentMethod: fc.constantFrom('creditcard' as const, 'cash' as const),
  sameDay: fc.boolean(),
});
/** A run: the payment method, then commands each with whether it comes on the day of sale. */
const run = fc.record({
  paymentMethod: fc.constantFrom('creditcard' as const, 'cash' as const),
  steps: fc.array(fc.record({ command, sameDay: fc.boolean() }), { maxLength: 30 }),
});

function play(r: {
  paymentMethod: OrderFacts['paymentMethod'];
  steps: { command: OrderCommand; sameDay: boolean }[];
}) {
  let state: OrderLifeState = 'awaiting_payment';
  const done: { command: OrderCommand; from: OrderLifeState; to: OrderLifeState; money: string }[] =
    [];
  for (const step of r.steps) {
    const d = decide(step.command, {
      state,
      paymentMethod: r.paymentMethod,
      sameDay: step.sameDay,
    });
    if (d.ok) {
      done.push({ command: step.command, from: state, to: d.to, money: d.money });
      state = d.to;
    }
  }
  return { state, done };
}

describe('the order life table (issue 26)', () => {
  it('allows no command outside its allowed states, and a refusal names the current state', () => {
    fc.assert(
      fc.property(command, facts, (c, f) => {
        const d = decide(c, f);
        const allowed = (ORDER_COMMANDS[c].from as readonly OrderLifeState[]).includes(f.state);
        if (!allowed) expect(d).toEqual({ ok: false, why: 'state', state: f.state });
        if (d.ok) expect(allowed).toBe(true);
      }),
    );
  });

  it('leaves no end state and moves no money there (flags and the release record still change)', () => {
    fc.assert(
      fc.property(command, facts, fc.constantFrom(...END_STATES), (c, f, end) => {
        const d = decide(c, { ...f, state: end });
        if (d.ok) {
          expect(d).toEqual({ ok: true, to: end, money: 'none' });
          expect(['markRead', 'markPrinted', 'recordRelease']).toContain(c);
        }
      }),
    );
  });

  it('moves money at most once per transition, never for cash, and releases it at most once', () => {
    fc.assert(
      fc.property(run, (r) => {
        const { done } = play(r);
        for (const t of done) {
          // One MoneyMove value per decision: at most one gateway call by construction; cash none.
          if (r.paymentMethod === 'cash') expect(t.money).toBe('none');
        }
        const ending = done.filter((t) => t.money === 'release' || t.money === 'void');
        expect(ending.length).toBeLessThanOrEqual(1);
        // Nothing moves money after the money was released or voided.
        const at = done.findIndex((t) => t.money === 'release' || t.money === 'void');
        if (at >= 0) expect(done.slice(at + 1).every((t) => t.money === 'none')).toBe(true);
      }),
    );
  });

  it('reaches a placed state only through place, and void and tips only on the day of sale', () => {
    fc.assert(
      fc.property(run, (r) => {
        const { done } = play(r);
        const firstPlaced = done.findIndex((t) =>
          (PLACED_STATES as readonly string[]).includes(t.to),
        );
        if (firstPlaced >= 0) expect(done[firstPlaced]!.command).toBe('place');
        for (const t of done) {
          if (t.command === 'void' || t.command === 'adjustTip' || t.command === 'capture')
            expect(r.paymentMethod).toBe('creditcard');
        }
      }),
    );
    expect(
      decide('void', { state: 'completed', paymentMethod: 'creditcard', sameDay: false }),
    ).toEqual({ ok: false, why: 'not_same_day', state: 'completed' });
    expect(
      decide('void', { state: 'completed', paymentMethod: 'creditcard', sameDay: true }),
    ).toEqual({ ok: true, to: 'voided', money: 'void' });
    expect(
      decide('adjustTip', { state: 'completed', paymentMethod: 'creditcard', sameDay: true }),
    ).toEqual({ ok: true, to: 'completed', money: 'adjustTip' });
  });

  it('captures only a placed card order, and records a release only after a fail or a cancel', () => {
    fc.assert(
      fc.property(run, (r) => {
        const { done } = play(r);
        for (const [i, t] of done.entries()) {
          if (t.command === 'capture') {
            expect(PLACED_STATES as readonly string[]).toContain(t.from);
            expect(t).toMatchObject({ to: t.from, money: 'capture' });
          }
          if (t.command === 'recordRelease') {
            expect(t.money).toBe('none');
            const ended = done
              .slice(0, i)
              .some((u) => u.command === 'fail' || u.command === 'cancel');
            expect(ended).toBe(true);
          }
        }
      }),
    );
    expect(decide('capture', { state: 'placed', paymentMethod: 'cash', sameDay: true })).toEqual({
      ok: false,
      why: 'not_card',
      state: 'placed',
    });
    expect(
      decide('capture', { state: 'cancelled', paymentMethod: 'creditcard', sameDay: true }),
    ).toEqual({ ok: false, why: 'state', state: 'cancelled' });
  });

  it('lets accept vs cancel vs void on one placed order leave one end: the first wins', () => {
    const cmds: OrderCommand[] = ['cancel', 'void', 'accept', 'complete'];
    fc.assert(
      fc.property(fc.shuffledSubarray(cmds, { minLength: 2 }), (order) => {
        let state: OrderLifeState = 'placed';
        const won: OrderCommand[] = [];
        for (const c of order) {
          const d = decide(c, { state, paymentMethod: 'creditcard', sameDay: true });
          if (d.ok) {
            won.push(c);
            state = d.to;
          }
        }
        expect(won.filter((c) => c === 'cancel' || c === 'void').length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
