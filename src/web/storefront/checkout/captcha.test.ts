// The bot check's tokens (spec §4 step 2): none when it is off; one for the order and one more for
// a card, each with the action the server checks; none sent when the script cannot run.
import { describe, expect, it, vi } from 'vitest';
import { captchaTokens } from './captcha.js';

const fake = () => {
  const execute = vi.fn((_key: string, o: { action: string }) =>
    Promise.resolve(`tok-${o.action}`),
  );
  return {
    load: vi.fn(() => Promise.resolve({ ready: (cb: () => void) => cb(), execute })),
    execute,
  };
};

describe('captcha tokens', () => {
  it('sends none and loads nothing when the check is off', async () => {
    const f = fake();
    expect(await captchaTokens({ enabled: false, siteKey: null }, true, f.load)).toEqual({});
    expect(f.load).not.toHaveBeenCalled();
  });

  it('asks for the order’s token, and the card’s with its own action', async () => {
    const f = fake();
    const on = { enabled: true, siteKey: 'site-key' };
    expect(await captchaTokens(on, false, f.load)).toEqual({ recaptchaToken: 'tok-place_order' });
    expect(await captchaTokens(on, true, f.load)).toEqual({
      recaptchaToken: 'tok-place_order',
      cardRecaptchaToken: 'tok-card_payment',
    });
    expect(f.execute).toHaveBeenCalledWith('site-key', { action: 'card_payment' });
  });

  it('gives null (the order is not sent) when the script cannot load', async () => {
    const load = () => Promise.reject(new Error('offline'));
    expect(await captchaTokens({ enabled: true, siteKey: 'k' }, true, load)).toBeNull();
  });
});
