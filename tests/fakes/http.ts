// A tiny loopback HTTP server for the vendor fakes: 127.0.0.1, a free port, body collected.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeHandler = (
  req: FakeRequest,
) => Promise<{ status: number; json?: unknown; text?: string; delayMs?: number }>;

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
          if (r.json !== undefined) {
            res.writeHead(r.status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(r.json));
          } else {
            res.writeHead(r.status, { 'content-type': 'text/plain' });
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
