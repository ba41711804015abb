// Runs the operator's merchant command (src/server/cli/merchant.ts through tsx) as a real child
// process, the way `npm run merchant -- …` runs it, and collects what it printed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/server/lib/paths.js';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runMerchantCommand(
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const inherited = { ...process.env };
  // The command must use only the database the test names.
  delete inherited.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src/server/cli/merchant.ts'), ...args],
    { cwd: projectRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The password a create or reset-password run printed. */
export function printedPassword(stdout: string): string {
  const m = /password "([^"]+)"|: "([^"]+)"/.exec(stdout);
  const password = m?.[1] ?? m?.[2];
  if (!password) throw new Error(`no password in the command's output:\n${stdout}`);
  return password;
}

/** A valid `create` command line for the merchant id. */
export function createArgs(merchantId: string, overrides: Record<string, string> = {}): string[] {
  const fields = {
    id: merchantId,
    name: 'Corner Noodle House',
    address: '120 Bowery, New York, NY 10013',
    'time-zone': 'America/New_York',
    phone: '(212) 555-0142',
    email: 'owner@cornernoodle.example',
    ...overrides,
  };
  return ['create', ...Object.entries(fields).flatMap(([k, v]) => [`--${k}`, v])];
}
