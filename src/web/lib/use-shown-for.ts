// A message that shows for a while, then hides (spec §10 timers: "tax error 5 s", "cart error
// 10 s"). `occurrence` is what changes on each new failure (an errors object, a query's
// errorUpdatedAt), so the same text failing again shows again for the full time.
import { useEffect, useState } from 'react';

export function useShownFor(occurrence: unknown, ms: number): boolean {
  const [expired, setExpired] = useState<{ of: unknown } | null>(null);
  useEffect(() => {
    if (occurrence === null || occurrence === undefined) return;
    const timer = window.setTimeout(() => setExpired({ of: occurrence }), ms);
    return () => window.clearTimeout(timer);
  }, [occurrence, ms]);
  return occurrence !== null && occurrence !== undefined && expired?.of !== occurrence;
}
