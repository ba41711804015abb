// The new-order bell's sound (spec §4: "loops a sound until the modal is closed"). Browsers play
// sound only after a gesture on the page: the bell is on when the sign-in click unlocked it
// (bell-audio.ts) or the browser allows sound anyway; otherwise it turns on with the first click
// or key press anywhere, while the dashboard shows a banner asking for one.
import { useCallback, useEffect, useState } from 'react';
import { bellAudio, isBellUnlocked, stopBell, unlockBell } from './bell-audio.js';

export function useOrderBell(ringing: boolean) {
  const [enabled, setEnabled] = useState(isBellUnlocked);

  const unlock = useCallback(() => {
    void unlockBell().then((ok) => {
      if (ok) setEnabled(true);
    });
  }, []);

  // The element is in the page (hidden), so its state can be seen: playing, looping. It stays
  // there when the dashboard unmounts: removing it, or a plain pause(), would abort the sign-in's
  // silent unlock if it is still loading (a slow tablet), and the bell would stay off.
  useEffect(() => {
    const audio = bellAudio();
    audio.hidden = true;
    if (!audio.isConnected) document.body.appendChild(audio);
    if (!isBellUnlocked()) unlock();
    return () => stopBell();
  }, [unlock]);

  useEffect(() => {
    if (enabled) return;
    document.addEventListener('pointerdown', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return () => {
      document.removeEventListener('pointerdown', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
  }, [enabled, unlock]);

  useEffect(() => {
    const audio = bellAudio();
    if (ringing && enabled) {
      audio.currentTime = 0;
      audio.play().catch(() => setEnabled(false));
    } else {
      // Not a plain pause(): on mount the unlock above may be playing the bell silently, and a
      // pause() would make that play() fail, leaving the bell off in a browser that allows sound.
      stopBell();
    }
  }, [ringing, enabled]);

  return { enabled, unlock };
}
