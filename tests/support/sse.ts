// A Server-Sent Events reader over a real HTTP connection for stream tests: the events as they
// come (id, event name, parsed data), a wait for the next ones, and a hang-up.
export interface StreamEvent<T = unknown> {
  id: number | undefined;
  event: string;
  data: T;
}

export async function openEventStream<T = unknown>(
  url: string,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent<T>[] = [];
  const reading = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data !== undefined) {
            events.push({ id: id ? Number(id) : undefined, event, data: JSON.parse(data) as T });
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    res,
    events,
    /** Waits (up to `ms`) until at least `n` events have come. */
    async waitFor(n: number, ms = 5_000) {
      const until = Date.now() + ms;
      while (events.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      if (events.length < n) throw new Error(`got ${events.length} events, wanted ${n}`);
      return events;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
