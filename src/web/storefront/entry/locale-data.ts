// react-aria looks the diner's locale up as its code is evaluated (`useDefaultLocale`:
// `Intl.DateTimeFormat.supportedLocalesOf`). The first such call of a page makes the browser load
// its list of locales: 17–64 ms of main-thread work on these machines, in the arrival notice's
// chunk's evaluation or wherever it comes first (bench/storefront: Lighthouse's TBT). Chromium
// (V8 with ICU) keeps that list once per renderer process, workers included, so the call made in a
// worker first leaves react-aria's own call nothing to do (measured: 0.0 ms after it, against 27–64
// ms without). Where workers are missing or fail, the call is made here instead, in the idle moment
// the caller chose. docs/decisions/storefront-store-page.md ("Main-thread work after the first
// paint").

/** How long the worker may take before the notice goes on without it. */
export const LOCALE_WORKER_TIMEOUT_MS = 2_000;

function loadOnMainThread(): void {
  try {
    Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'en-US']);
  } catch {
    // An odd locale tag: react-aria falls back to en-US itself.
  }
}

/** Resolves once the locale data are loaded (or the worker took too long: nothing is lost then). */
export function loadLocaleData(): Promise<void> {
  if (typeof Worker !== 'function') {
    loadOnMainThread();
    return Promise.resolve();
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL('./locale-data.worker.ts', import.meta.url));
  } catch {
    loadOnMainThread();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve();
    };
    // A worker refused (a policy, a failed download) leaves the call to react-aria: it is the same
    // work either way, and doing it here would only add a task.
    const timer = setTimeout(done, LOCALE_WORKER_TIMEOUT_MS);
    worker.onmessage = done;
    worker.onerror = done;
  });
}
