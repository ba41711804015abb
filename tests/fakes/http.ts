// A tiny loopback HTTP server for the vendor fakes: 127.0.0.1, a free port, body collected.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
  text?: string;
  /** A body sent as is (e.g. JSON with a byte order mark), with `contentType`. */
  raw?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Sends the head and half of the body, then drops the connection (a cut-off answer). */
  cutOff?: boolean;
}

export type FakeHandler = (req: FakeRequest) => Promise<FakeAnswer>;

export interface FakeServer {
  baseUrl: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fr: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(fr);
      handler(fr)
        .then(async (r) => {
          if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs));
          if (res.destroyed) return;
          if (r.raw !== undefined || r.cutOff) {
            const body = Buffer.from(
              r.raw ?? (r.json !== undefined ? JSON.stringify(r.json) : (r.text ?? '')),
            );
            res.writeHead(r.status, {
              'content-type': r.contentType ?? 'application/octet-stream',
              'content-length': String(body.length),
              ...r.headers,
            });
            if (r.cutOff) {
              res.write(body.subarray(0, Math.floor(body.length / 2)));
              setTimeout(() => res.destroy(), 20);
            } else res.end(body);
          } else if (r.json !== undefined) {
            res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
            res.end(JSON.stringify(r.json));
          } else {
            res.writeHead(r.status, {
              'content-type': r.contentType ?? 'text/plain',
              ...r.headers,
            });
            res.end(r.text ?? '');
          }
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
