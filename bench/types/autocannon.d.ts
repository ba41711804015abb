// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  }
  export interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    /** Answers by HTTP status, e.g. `{ '200': { count: 12 } }`. */
    statusCodeStats: Record<string, { count: number }>;
  }
  /** One request of a client's sequence; a client runs its sequence in a loop. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each answer to this request. */
    onResponse?: (status: number, body: string, context: unknown) => void;
  }
  /** One connection of the run. */
  export interface Client {
    setRequests(requests: Request[]): void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Called once per connection before its first request. */
    setupClient?: (client: Client) => void;
  }
  /** A run under way: awaitable for its result, and an event source while it runs. */
  export interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (
        client: Client,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): this;
    stop(): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
