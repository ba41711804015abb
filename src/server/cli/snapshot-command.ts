// `npm run snapshot -- create --out <file>` / `restore --from <file>`: the embedded mode's backup
// (issue 31). PGlite keeps the whole database in DATA_DIR/pgdata and only one process may open it,
// so both run with the server stopped (the folder's lock says so, naming the process). A snapshot
// is PGlite's own dump of the data folder (a gzipped tar), taken from a cleanly opened and closed
// database; restoring moves the current folder aside (never deleted: pgdata.before-restore-<time>)
// and puts the snapshot in its place, then opens it, applies any newer migrations and says how
// many orders it holds and the last one's time. The server mode (DATABASE_URL) has pg_dump
// (deploy/backup) and is refused here.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { databaseContents } from '../db/contents.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import { runMigrations } from '../db/migrate.js';
import { embeddedDataFolder } from '../db/open-configured.js';
import { loggerOptions } from '../lib/logger.js';
import type { CommandIo } from './merchant-command.js';

export const SNAPSHOT_USAGE = `Usage:
  npm run snapshot -- create --out <file.tar.gz>
  npm run snapshot -- restore --from <file.tar.gz>

The embedded database (PGlite, DATA_DIR/pgdata) only, with the server stopped. restore keeps the
current folder as DATA_DIR/pgdata.before-restore-<time>. With DATABASE_URL use deploy/backup.
After a build: node dist/node/server/cli/snapshot.js …`;

export async function runSnapshotCommand(argv: string[], io: CommandIo): Promise<number> {
  let values: { out?: string; from?: string; help?: boolean };
  let command: string | undefined;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    command = parsed.positionals[0];
    if (parsed.positionals.length > 1)
      throw new Error(`Unexpected argument "${parsed.positionals[1]}".`);
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n\n${SNAPSHOT_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${SNAPSHOT_USAGE}\n`);
    return 0;
  }
  if (command !== 'create' && command !== 'restore') {
    io.err(
      `${command ? `Unknown command "${command}".` : 'No command given.'}\n\n${SNAPSHOT_USAGE}\n`,
    );
    return 2;
  }
  const file = command === 'create' ? values.out?.trim() : values.from?.trim();
  if (!file) {
    io.err(`${command === 'create' ? '--out' : '--from'}: is required\n\n${SNAPSHOT_USAGE}\n`);
    return 2;
  }

  try {
    const config = loadConfig(io.env);
    if (config.databaseUrl) {
      io.err(
        'DATABASE_URL is set: this server keeps its data on PostgreSQL. Back it up with ' +
          'deploy/backup/forkful-backup.sh and restore with deploy/backup/forkful-restore.sh ' +
          '(README, Operations).\n',
      );
      return 1;
    }
    const log = pino(loggerOptions('warn'), pino.destination(2));
    const folder = embeddedDataFolder(config);
    const path = resolve(file);

    if (command === 'create') {
      if (!existsSync(folder)) {
        io.err(`There is no embedded database in ${folder} (DATA_DIR=${config.dataDir}).\n`);
        return 1;
      }
      // Opening takes the folder's lock: a running server makes this stop with its pid.
      const database = await openDatabase({ kind: 'pglite', dataDir: folder, log });
      try {
        const what = await databaseContents(database);
        const dump = await database.dumpDataDir!();
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, gzipSync(Buffer.from(await dump.arrayBuffer())));
        io.out(
          `Snapshot of ${folder} written to ${path} (${statSync(path).size} bytes): ${what}.\n`,
        );
      } finally {
        await database.close();
      }
      return 0;
    }

    // restore
    if (!existsSync(path)) {
      io.err(`--from: no such file ${path}\n`);
      return 1;
    }
    const stored = readFileSync(path);
    let bytes: Buffer | null = null;
    try {
      bytes = stored[0] === 0x1f && stored[1] === 0x8b ? gunzipSync(stored) : null;
    } catch {
      bytes = null;
    }
    // A tar names its format at byte 257.
    if (!bytes || bytes.subarray(257, 262).toString('latin1') !== 'ustar') {
      io.err(`--from: ${path} is not a snapshot (a gzipped tar written by "snapshot create").\n`);
      return 1;
    }
    let keptAs: string | null = null;
    if (existsSync(folder)) {
      // Refuse while a server holds the folder, before anything moves.
      acquireDataDirLock(folder)();
      keptAs = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(folder, keptAs);
    }
    let database;
    try {
      database = await openDatabase({
        kind: 'pglite',
        dataDir: folder,
        loadDataDir: new Blob([bytes], { type: 'application/x-tar' }),
        log,
      });
    } catch (err) {
      // Nothing half-restored stays: the folder that was there goes back in place.
      rmSync(folder, { recursive: true, force: true });
      if (keptAs) renameSync(keptAs, folder);
      throw err;
    }
    try {
      await runMigrations(database, undefined);
      const what = await databaseContents(database);
      io.out(
        `Restored ${path} into ${folder}: ${what}.\n` +
          (keptAs
            ? `The folder it replaced is kept as ${keptAs} (delete it when satisfied).\n`
            : ''),
      );
    } finally {
      await database.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof ConfigError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    io.err(`snapshot ${command} failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
