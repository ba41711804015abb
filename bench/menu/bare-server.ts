// The ceiling for bench/menu: a bare Fastify server, in its own process like the app, that sends
// the app's item-list bytes from memory (brotli too, when asked) at the same path.
// Usage: tsx bench/menu/bare-server.ts <body-file>; prints "listening <port>".
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <body-file>');
const raw = readFileSync(file);
const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

const app = Fastify({ logger: false });
app.get('/api/items7/merchantId/demo/items', async (request, reply) => {
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) {
    reply.header('content-encoding', 'br');
    return reply.send(br);
  }
  return reply.send(raw);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
