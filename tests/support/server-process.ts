// Runs the real process entry (src/server/server.ts through tsx) as a child process, for tests
// about restarts, signals, locks and several instances.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../src/server/lib/paths.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>, port: number): ServerProcess {
  let out = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src/server/server.ts')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

// Generous: a cold start migrates and seeds the demo (191 images) and may share a loaded machine.
export async function waitReady(p: ServerProcess, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exitedEarly = false;
  void p.exited.then(() => (exitedEarly = true));
  while (Date.now() < until) {
    if (exitedEarly) throw new Error(`server exited before ready:\n${p.output()}`);
    try {
      const res = await fetch(`${p.base}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${p.output()}`);
}

export async function stopServer(p: ServerProcess): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode;
  p.child.kill('SIGTERM');
  return p.exited;
}
