// Browser journeys against the built app (docs/design/tests.md): Debian's Chromium, never a
// downloaded browser; Playwright starts the production server on a fresh data folder (embedded
// PGlite). Build first: `npm run build && npm run test:e2e`.
import { mkdirSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4173);
// E2E_BASE_URL runs the journeys against a server that is already running (e.g. `npm run dev`)
// instead of starting the built one.
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;
// The Converge fake (tests/fakes/converge.ts) the journeys' server is pointed at: the hosted card
// page journey pays on its Lightbox stand-in.
const CONVERGE_PORT = Number(process.env.E2E_CONVERGE_PORT ?? PORT + 282);
const convergeUrl = `http://127.0.0.1:${CONVERGE_PORT}`;
// This machine's own non-loopback address, where the printing journey's ESC/POS sink listens
// (printers-kitchen.spec.ts): the only network the journeys' server may print to.
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

// The config is loaded again in each worker: keep the folder chosen by the main process. It lives
// outside the work tree (in the system's temporary folder), so a run leaves nothing behind here.
process.env.FORKFUL_E2E_DATA_DIR ??= path.join(tmpdir(), `forkful-e2e-data-${Date.now()}`);
const dataDir = process.env.FORKFUL_E2E_DATA_DIR;
if (!external) mkdirSync(dataDir, { recursive: true });

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: external
    ? undefined
    : [
        {
          command: `exec node --import tsx tests/fakes/converge.ts --port ${CONVERGE_PORT}`,
          cwd: root,
          url: `${convergeUrl}/hosted-payments/PayWithConverge.js`,
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        {
          // `env -u`: the journeys always run on a fresh embedded database, even when the shell has a
          // DATABASE_URL for the server-backed API tests.
          command: 'exec env -u DATABASE_URL node dist/node/server/server.js',
          cwd: root,
          url: `${baseURL}/readyz`,
          // Warnings and errors only, so a failing journey shows what the server said.
          env: {
            PORT: String(PORT),
            DATA_DIR: dataDir,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            // The journeys' server clock (tests/e2e/support/clock.ts); refused in production.
            TEST_CONTROLS: 'true',
            // Every journey is one browser at one address: the per-address limits are for crowds.
            RATE_LIMIT_MULTIPLIER: '20',
            // Converge offered, against its fake (checkout-converge.spec.ts switches one store).
            CONVERGE_EXPERIMENTAL: 'true',
            CONVERGE_BASE_URL: convergeUrl,
            PRINTER_NETWORK_ALLOW: lanAddress ? `${lanAddress}/32` : '',
          },
          timeout: 180_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          // SIGTERM lets the server checkpoint and close PGlite.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        },
      ],
});
