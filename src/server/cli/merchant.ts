// Entry of `npm run merchant` (through tsx) and `node dist/node/server/cli/merchant.js` after a
// build; the work is in merchant-command.ts.
import { runMerchantCommand } from './merchant-command.js';

// The environment is read by config.ts (loadConfig's default), never here.
const code = await runMerchantCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
