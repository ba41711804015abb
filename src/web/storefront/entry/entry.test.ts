// The store page's arrival steps and the checkout body its choices send (spec §2 "Other
// modals", §4; CHECKLIST S2.44, S2.46–S2.48, T4.27, C7.52).
import { afterEach, describe, expect, it } from 'vitest';
import { businessInfo, cartAnswer } from '../../test-data/store.js';
import { checkoutBodyWith } from './checkoutBody.js';
import { entryNotice, entrySteps, markEntrySeen, readEntrySeen } from './entry.js';

const unseen = { notice: false, choices: false };

afterEach(() => sessionStorage.clear());

describe('entry steps', () => {
  it('shows the notice, then the location, then Pickup or Delivery', () => {
    const info = businessInfo({ homePageNotice: 'Hi', enableBranch: true, delivery: true });
    expect(entrySteps(info, undefined, unseen)).toEqual(['notice', 'location', 'method']);
  });

  it('leaves out what has nothing to ask', () => {
    expect(entrySteps(businessInfo(), undefined, unseen)).toEqual([]);
    // Pickup alone is no choice: the method modal needs the delivery flag.
    expect(entrySteps(businessInfo({ curbside: true }), undefined, unseen)).toEqual([]);
    expect(entrySteps(businessInfo({ homePageNotice: '<br> <br>' }), undefined, unseen)).toEqual(
      [],
    );
  });

  it('at a table shows the dine-in notice instead of the home notice, and asks nothing', () => {
    const info = businessInfo({
      homePageNotice: 'Home',
      dineinNotice: 'Table A<br>Table B',
      enableBranch: true,
      delivery: true,
    });
    expect(entryNotice(info, 'T5')).toEqual(['Table A', 'Table B']);
    expect(entrySteps(info, 'T5', unseen)).toEqual(['notice']);
    // No dine-in notice: nothing, not the home notice.
    expect(entrySteps({ ...info, dineinNotice: '' }, 'T5', unseen)).toEqual([]);
  });

  it('shows each step once per tab session and store', () => {
    const info = businessInfo({ homePageNotice: 'Hi', enableBranch: true, delivery: true });
    markEntrySeen('demo', 'notice');
    expect(entrySteps(info, undefined, readEntrySeen('demo'))).toEqual(['location', 'method']);
    markEntrySeen('demo', 'location');
    expect(entrySteps(info, undefined, readEntrySeen('demo'))).toEqual([]);
    expect(readEntrySeen('other')).toEqual(unseen);
  });

  it('treats an unreadable marker as nothing seen', () => {
    sessionStorage.setItem('forkful.storeEntry.demo', '{not json');
    expect(readEntrySeen('demo')).toEqual(unseen);
  });
});

describe('checkout body for a changed choice', () => {
  const saved = cartAnswer().checkoutInfo;

  it('sends every saved choice with the change applied', () => {
    const body = checkoutBodyWith(
      { ...saved, customerName: 'Ann', deliveryNote: 'Ring twice' },
      { isBranch: true },
    );
    expect(body).toMatchObject({ isBranch: true, customerName: 'Ann', deliveryNote: 'Ring twice' });
    expect(body.orderMethod).toBe('pickup');
    expect(body.paymentMethod).toBe(saved.paymentMethod);
  });

  it('moves a default tip to the new method’s default, keeps a chosen one', () => {
    expect(checkoutBodyWith(saved, { orderMethod: 'delivery' }).tip).toEqual({
      kind: 'percent',
      ratePpm: 150_000,
    });
    const chosen = { ...saved, tip: { kind: 'percent' as const, ratePpm: 200_000 } };
    expect(checkoutBodyWith(chosen, { orderMethod: 'delivery' }).tip).toEqual(chosen.tip);
    const custom = { ...saved, tip: { kind: 'custom' as const, cents: 300 } };
    expect(checkoutBodyWith(custom, { orderMethod: 'delivery' }).tip).toEqual(custom.tip);
  });
});
