// Entry of `npm run snapshot` (through tsx) and `node dist/node/server/cli/snapshot.js` after a
// build; the work is in snapshot-command.ts.
import { runSnapshotCommand } from './snapshot-command.js';

// The environment is read by config.ts (loadConfig's default), never here.
const code = await runSnapshotCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
