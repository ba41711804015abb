// `npm run merchant -- create …` / `reset-password …` / `list` / `disable …` / `enable …`: the operator's way to make a merchant
// account when production starts empty (no demo seed), and to give a merchant a new password.
// Input is checked with the domain's rules before the database is opened; every bad value is
// reported with the flag that carried it. The database is the server's own (same configuration,
// same opening, migrations applied). The generated password is printed once, on stdout, and
// nowhere else.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAdapters } from '../adapters/index.js';
import { type AppContext, systemClock } from '../app-context.js';
import {
  exportMerchantOrders,
  merchantMenuExport,
  merchantSettingsExport,
} from '../modules/merchant-export/index.js';
import { pino } from 'pino';
import { createGeoAdapter } from '../adapters/geo/index.js';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { AppError } from '../lib/app-error.js';
import { loggerOptions } from '../lib/logger.js';
import {
  checkedMerchantId,
  createMerchantAccount,
  listMerchants,
  parseNewMerchant,
  resetMerchantPassword,
  setMerchantDisabled,
} from '../modules/merchants/index.js';

export const USAGE = `Usage:
  npm run merchant -- create --id <merchant id> --name <name> --address "<street, city, ST 12345>"
                             --time-zone <IANA zone> --phone <phone> --email <email>
  npm run merchant -- reset-password --id <merchant id>
  npm run merchant -- list
  npm run merchant -- disable --id <merchant id>
  npm run merchant -- enable --id <merchant id>
  npm run merchant -- export --id <merchant id> --out <folder>
      writes settings.json, menu.json, orders.jsonl (one order a line) and orders.csv

Uses the server's configuration (DATABASE_URL, or the embedded database in DATA_DIR) and prints
the merchant's new password once. After a build: node dist/node/server/cli/merchant.js …`;

const COMMANDS = ['create', 'reset-password', 'list', 'disable', 'enable', 'export'] as const;
type Command = (typeof COMMANDS)[number];

/** The input field each flag carries, for error messages that name the flag typed. */
const FLAG_OF: Record<string, string> = {
  merchantId: '--id',
  name: '--name',
  address: '--address',
  timeZone: '--time-zone',
  phone: '--phone',
  email: '--email',
  out: '--out',
};

export interface CommandIo {
  /** The environment to configure from; the process's own (read in config.ts) when absent. */
  env?: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs the command; resolves to the process exit code (0 ok, 1 refused or failed, 2 usage). */
export async function runMerchantCommand(argv: string[], io: CommandIo): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const { command, values } = parsed;
  if (!COMMANDS.includes(command as Command)) {
    io.err(`${command ? `Unknown command "${command}".` : 'No command given.'}\n\n${USAGE}\n`);
    return 2;
  }

  try {
    // Checked before anything is opened: a typo costs nothing and touches no data.
    const input = {
      merchantId: values.id,
      name: values.name,
      address: values.address,
      timeZone: values['time-zone'],
      phone: values.phone,
      email: values.email,
    };
    if (command === 'create') parseNewMerchant(input);
    else if (command === 'disable' || command === 'enable' || command === 'export')
      checkedMerchantId(input.merchantId);
    if (command === 'export' && !values.out?.trim())
      throw new AppError('invalid_input', 'Invalid input', [
        { path: ['out'], message: 'is required' },
      ]);
    else if (command === 'reset-password' && !input.merchantId?.trim())
      throw new AppError('invalid_input', 'Invalid input', [
        { path: ['merchantId'], message: 'is required' },
      ]);

    const config = loadConfig(io.env);
    // Warnings and errors only, on stderr: stdout carries the result and the password.
    const log = pino(loggerOptions('warn'), pino.destination(2));
    const database = await openConfiguredDatabase(config, log);
    try {
      switch (command as Command) {
        case 'create':
          return await create(database, config, input, io);
        case 'reset-password':
          return await resetPassword(database, config, input.merchantId, io);
        case 'list':
          return await list(database, io);
        case 'export':
          return await exportMerchant(database, config, input.merchantId!, values.out!, io);
        case 'disable':
        case 'enable':
          return await setDisabled(database, input.merchantId, command === 'disable', io);
      }
      return 2;
    } finally {
      await database.close();
    }
  } catch (err) {
    io.err(`${describeFailure(err, command ?? '')}\n`);
    return 1;
  }
}

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      address: { type: 'string' },
      'time-zone': { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length > 1) throw new Error(`Unexpected argument "${positionals[1]}".`);
  return { command: positionals[0], values, help: values.help === true };
}

async function create(
  database: Database,
  config: ReturnType<typeof loadConfig>,
  input: Parameters<typeof createMerchantAccount>[1],
  io: CommandIo,
): Promise<number> {
  const signIn = await createMerchantAccount(
    { db: database.db, geo: createGeoAdapter(config) },
    input,
  );
  const base = config.publicUrl.replace(/\/$/, '');
  io.out(
    [
      `Merchant "${signIn.merchantId}" created.`,
      `  Sign-in:   id "${signIn.merchantId}", password "${signIn.password}"`,
      '  The password is shown only now; the merchant can change it in the dashboard.',
      `  Dashboard: ${base}/merchant/login`,
      `  Store:     ${base}/store/${signIn.merchantId} (closed until business hours are set)`,
      '',
    ].join('\n'),
  );
  return 0;
}

async function resetPassword(
  database: Database,
  config: ReturnType<typeof loadConfig>,
  merchantId: string | undefined,
  io: CommandIo,
) {
  const signIn = await resetMerchantPassword(database.db, merchantId, config);
  io.out(
    [
      `New password for merchant "${signIn.merchantId}": "${signIn.password}"`,
      '  Shown only now. The old password no longer works and every open session was signed out.',
      '  Failed sign-ins are forgotten: any browser may sign in with it at once.',
      '',
    ].join('\n'),
  );
  return 0;
}

async function list(database: Database, io: CommandIo): Promise<number> {
  const rows = await listMerchants(database.db);
  const width = Math.max(8, ...rows.map((r) => r.merchantId.length));
  io.out(
    [
      `${'MERCHANT'.padEnd(width)}  STATUS    CREATED     NAME`,
      ...rows.map(
        (r) =>
          `${r.merchantId.padEnd(width)}  ${(r.disabledAt ? 'disabled' : 'active').padEnd(8)}  ${r.createdAt.toISOString().slice(0, 10)}  ${r.name}`,
      ),
      `${rows.length} merchant${rows.length === 1 ? '' : 's'}, ${rows.filter((r) => r.disabledAt).length} disabled`,
      '',
    ].join('\n'),
  );
  return 0;
}

async function setDisabled(
  database: Database,
  merchantId: string | undefined,
  disabled: boolean,
  io: CommandIo,
): Promise<number> {
  const r = await setMerchantDisabled(database.db, merchantId, disabled, new Date());
  io.out(
    disabled
      ? r.changed
        ? `Merchant "${r.merchantId}" disabled: its store takes no orders, its dashboard no sign-ins, and every session was signed out. Orders already placed still settle.\n`
        : `Merchant "${r.merchantId}" was already disabled.\n`
      : r.changed
        ? `Merchant "${r.merchantId}" enabled: its store takes orders again and it may sign in.\n`
        : `Merchant "${r.merchantId}" was not disabled.\n`,
  );
  return 0;
}

async function exportMerchant(
  database: Database,
  config: ReturnType<typeof loadConfig>,
  merchantId: string,
  folder: string,
  io: CommandIo,
): Promise<number> {
  const log = pino(loggerOptions('warn'), pino.destination(2));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: systemClock,
    log,
    adapters: createAdapters(config),
    hooks: { orderPlaced: [] },
  };
  mkdirSync(folder, { recursive: true });
  const settings = await merchantSettingsExport(ctx, merchantId);
  writeFileSync(join(folder, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  const menu = await merchantMenuExport(ctx, merchantId);
  writeFileSync(join(folder, 'menu.json'), `${JSON.stringify(menu, null, 2)}\n`);
  const json = createWriteStream(join(folder, 'orders.jsonl'));
  const csv = createWriteStream(join(folder, 'orders.csv'));
  const count = await exportMerchantOrders(ctx, merchantId, { json, csv });
  await Promise.all([json, csv].map((s) => new Promise((r) => s.end(r))));
  io.out(
    `Exported merchant "${merchantId}" to ${folder}: settings.json, menu.json (${menu.items.length} items), orders.jsonl and orders.csv (${count} orders).\n`,
  );
  return 0;
}

const FAILURE_OF: Record<string, string> = {
  create: 'create the merchant',
  'reset-password': 'reset the password',
  list: 'list the merchants',
  disable: 'disable the merchant',
  enable: 'enable the merchant',
  export: "export the merchant's data",
};

function describeFailure(err: unknown, command: string): string {
  const what = FAILURE_OF[command] ?? command;
  if (err instanceof AppError && err.issues?.length) {
    const lines = err.issues.map((i) => {
      const field = String(i.path[0] ?? '');
      return `  ${FLAG_OF[field] ?? field}: ${i.message}`;
    });
    return `Cannot ${what}:\n${lines.join('\n')}`;
  }
  if (err instanceof ConfigError) return `Cannot ${what}: ${err.message}`;
  if (err instanceof DataDirLockedError) {
    return (
      `Cannot ${what}: the embedded database in ${err.dir} ` +
      `is open in another process (pid ${err.pid}), most likely the running Forkful server. ` +
      'PGlite lets only one process use its data folder at a time: stop the server, run this ' +
      'command, then start the server again. (With a PostgreSQL server in DATABASE_URL the ' +
      'command can run while the server is up.)'
    );
  }
  // The cause's first line only: a failed query's message carries the SQL and its parameters
  // (the new password's hash among them).
  const root = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return `Cannot ${what}: ${root instanceof Error ? root.message.split('\n')[0] : String(root)}`;
}
