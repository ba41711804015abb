// nginx in front of app processes for process tests: the repository's own config
// (deploy/nginx/forkful.conf) with its listen port and upstream servers rewritten, run without
// root's files — its own prefix, temp folders, pid and logs in a scratch folder — on a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/server/lib/paths.js';

/** The nginx binary: NGINX_BIN, else Debian's. */
export const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const nginxAvailable = existsSync(nginxBin);

export interface Nginx {
  base: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The shipped config for `port` in front of `upstreams` (host:port each). */
export function forkfulConf(port: number, upstreams: string[]): string {
  const shipped = readFileSync(join(projectRoot, 'deploy/nginx/forkful.conf'), 'utf8');
  const servers = /^( *)server 127\.0\.0\.1:8081 (.*);\n *server 127\.0\.0\.1:8082 .*;\n/m;
  if (!servers.test(shipped) || !/^ *listen 80;$/m.test(shipped))
    throw new Error('deploy/nginx/forkful.conf: the upstream or listen lines moved');
  return shipped
    .replace(servers, (_m, indent: string, params: string) =>
      upstreams.map((u) => `${indent}server ${u} ${params};\n`).join(''),
    )
    .replace(/^( *)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

export async function startNginx(port: number, upstreams: string[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'forkful-nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  // Run as root (CI), nginx's workers drop to `nobody`: their temp folders must be writable.
  for (const t of temp) mkdirSync(join(dir, t), { mode: 0o777 });
  writeFileSync(join(dir, 'forkful.conf'), forkfulConf(port, upstreams));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...temp.map((t) => `  ${t}_temp_path ${join(dir, t)};`),
      `  include ${join(dir, 'forkful.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  let out = '';
  const child: ChildProcess = spawn(
    nginxBin,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const output = () => {
    const log = join(dir, 'error.log');
    return out + (existsSync(log) ? readFileSync(log, 'utf8') : '');
  };
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output()}`);
    try {
      await fetch(`${base}/healthz`);
      break;
    } catch {
      if (Date.now() > until) throw new Error(`nginx not listening:\n${output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
