// The one audio element of the new-order bell, shared by the sign-in page and the dashboard.
// Browsers let a page play sound only after a gesture, and some (the stricter policy) only for an
// element first played during one: the sign-in click plays it silently (unlockBell in the submit
// handler), so the dashboard that opens next may ring it. Elsewhere the dashboard asks for a click.
import bellUrl from './assets/order-bell.wav';

let element: HTMLAudioElement | null = null;
let unlocked = false;
/** The silent play of an unlock in progress: a pause() now would make it fail (AbortError). */
let unlocking: Promise<boolean> | null = null;

export function bellAudio(): HTMLAudioElement {
  if (!element) {
    element = new Audio(bellUrl);
    element.loop = true;
    element.preload = 'auto';
    element.setAttribute('data-testid', 'order-bell-sound');
  }
  return element;
}

export function isBellUnlocked(): boolean {
  return unlocked;
}

/**
 * Plays the bell silently once and stops it: resolves true when the browser allowed it (the bell
 * may ring from now on). Call it inside a click or key handler; play() is called synchronously.
 */
export function unlockBell(): Promise<boolean> {
  if (unlocked) return Promise.resolve(true);
  if (unlocking) return unlocking;
  const audio = bellAudio();
  audio.volume = 0;
  let playing: Promise<void>;
  try {
    playing = audio.play();
  } catch {
    audio.volume = 1;
    return Promise.resolve(false);
  }
  unlocking = Promise.resolve(playing).then(
    () => {
      audio.pause();
      audio.currentTime = 0;
      audio.volume = 1;
      unlocked = true;
      unlocking = null;
      return true;
    },
    () => {
      audio.volume = 1;
      unlocking = null;
      return false;
    },
  );
  return unlocking;
}

/** Silences the bell, unless an unlock is playing it silently (the unlock stops it itself). */
export function stopBell(): void {
  if (unlocking) return;
  const audio = bellAudio();
  audio.pause();
  audio.currentTime = 0;
}

/** Tests start from a page that has had no gesture. */
export function resetBellForTests() {
  element?.remove();
  element = null;
  unlocked = false;
  unlocking = null;
}
