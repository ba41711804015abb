// The dashboard's short alerts (spec §8/§9): a success alert ("Updated", "Added") for 1 second, an
// error alert ("Fail to void order", …) for 1.5 seconds. One live region for the whole dashboard,
// always in the page so screen readers announce what appears in it.
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export const SUCCESS_ALERT_MS = 1_000;
export const ERROR_ALERT_MS = 1_500;

type Kind = 'success' | 'error';
interface FlashMessage {
  id: number;
  kind: Kind;
  text: string;
}

type Flash = (kind: Kind, text: string) => void;
const FlashContext = createContext<Flash>(() => {});

export function useFlash(): Flash {
  return useContext(FlashContext);
}

export function FlashProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const next = useRef(0);
  const flash = useCallback<Flash>((kind, text) => {
    next.current += 1;
    setMessage({ id: next.current, kind, text });
  }, []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(
      () => setMessage((m) => (m?.id === message.id ? null : m)),
      message.kind === 'success' ? SUCCESS_ALERT_MS : ERROR_ALERT_MS,
    );
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <FlashContext.Provider value={flash}>
      {children}
      <div className="flash-region">
        <div role="status" aria-live="polite">
          {message?.kind === 'success' ? (
            <p className="flash flash--success">{message.text}</p>
          ) : null}
        </div>
        <div role="alert">
          {message?.kind === 'error' ? <p className="flash flash--error">{message.text}</p> : null}
        </div>
      </div>
    </FlashContext.Provider>
  );
}
