// Developer-only outbox view (never registered when NODE_ENV=production): what SMS and email the
// app sent or is about to send, so a developer without Twilio or SMTP can read a verification
// code or a receipt. JSON at /api/dev/outbox, a plain page at /dev/outbox.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/dev-outbox.js';
import type { AppContext } from '../../app-context.js';
import { listRecent, type OutboxRow } from '../outbox/index.js';

const str = (v: unknown) => (typeof v === 'string' ? v : null);

function view(row: OutboxRow): api.OutboxMessageView {
  const p = row.payload;
  const to = Array.isArray(p.to) ? p.to.map(String) : typeof p.to === 'string' ? [p.to] : [];
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    purpose: str(p.purpose),
    to,
    subject: str(p.subject),
    body: str(p.body) ?? str(p.text) ?? '',
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(messages: api.OutboxMessageView[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td>${m.id}</td><td>${escapeHtml(m.createdAt.replace('T', ' ').slice(0, 19))}</td>
  <td>${m.kind}</td><td class="${escapeHtml(m.status)}">${escapeHtml(m.status)}${m.lastError ? `<br><small>${escapeHtml(m.lastError)}</small>` : ''}</td>
  <td>${escapeHtml(m.to.join(', '))}</td>
  <td>${m.subject ? `<b>${escapeHtml(m.subject)}</b><br>` : ''}<pre>${escapeHtml(m.body)}</pre></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="5">
<title>Outbox (development)</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ddd;padding:.4rem;vertical-align:top;text-align:left}
pre{white-space:pre-wrap;margin:0;font:13px ui-monospace,monospace}.dead,.failed{color:#b00}
.sent{color:#070}
</style></head><body>
<h1>Outbox</h1>
<p>Development only (not served when NODE_ENV=production). SMS and email the app queued, newest
first; refreshes every 5 seconds. JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>
<table><thead><tr><th>#</th><th>queued (UTC)</th><th>kind</th><th>status</th><th>to</th><th>message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">Nothing sent yet.</td></tr>'}
</tbody></table>
</body></html>
`;
}

export const devOutboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (ctx.config.env === 'production') return;

    app.get(
      api.listDevOutbox.path,
      {
        config: { access: 'public' },
        schema: api.listDevOutbox.schema,
      },
      async (req) => {
        const rows = await listRecent(ctx.db, {
          limit: req.query.limit,
          ...(req.query.kind ? { kind: req.query.kind } : {}),
        });
        return { messages: rows.map(view) };
      },
    );

    app.get(
      '/dev/outbox',
      { config: { access: 'public' }, schema: { hide: true, querystring: api.outboxQuery } },
      async (req, reply) => {
        const rows = await listRecent(ctx.db, {
          limit: req.query.limit,
          ...(req.query.kind ? { kind: req.query.kind } : {}),
        });
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page(rows.map(view)));
      },
    );
  };
