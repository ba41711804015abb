// A browser-like client of a real app process over HTTP: keeps cookies, answers every call with
// its status, Retry-After and body, and a network failure (reset, refused) as status 0.

export interface HttpAnswer {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they assert
  body: any;
  /** The network error when status is 0. */
  error?: string;
}

export class HttpClient {
  private readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<HttpAnswer> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      return { status: 0, retryAfter: null, body: null, error: String(cause ?? err) };
    }
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text.slice(0, 200);
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed };
  }
}
