// Loaded into the app's process by a benchmark (node --import): counts every statement the app
// sends to PostgreSQL through node-postgres (pool queries and transaction statements, BEGIN and
// COMMIT included). On SIGUSR2 it writes "<signal number>:<count>:<CPU µs>" to
// BENCH_QUERY_COUNT_FILE (the CPU time, user + system, the process has used so far), so the bench
// can read both before and after one request or one level. Nothing else changes in the app.
// BENCH_QUERY_LOG=<file> (opt-in, for finding what a flow sends) also appends each statement's
// name or first 160 characters to that file, one a line, and a "-- SIGUSR2 <n>" line per signal.
import { appendFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) {
  let count = 0;
  let signals = 0;
  const original = pg.Client.prototype.query;
  const log = process.env.BENCH_QUERY_LOG;
  const textOf = (q: unknown): string => {
    if (typeof q === 'string') return q;
    const c = q as { name?: string; text?: string } | null;
    return c ? `${c.name ? `[${c.name}] ` : ''}${c.text ?? ''}` : String(q);
  };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    if (log) appendFileSync(log, `${textOf(args[0]).replace(/\s+/g, ' ').slice(0, 160)}\n`);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage();
    writeFileSync(file, `${++signals}:${count}:${cpu.user + cpu.system}`);
    if (log) appendFileSync(log, `-- SIGUSR2 ${signals}\n`);
  });
}
