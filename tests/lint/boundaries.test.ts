// The dependency rules of docs/design/stack.md are lint rules: prove each one reports a forbidden
// import.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('architecture lint rules', () => {
  it('reports domain code importing server code', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      "import { buildApp } from '../../server/app.js';\nexport const y = buildApp;\n",
    );
    expect(msgs.join('\n')).toMatch(
      /no-restricted-imports.*may not import server, web or contract code/,
    );
  });

  it('reports domain code importing a package other than zod or luxon', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      "import pg from 'pg';\nexport const y = pg;\n",
    );
    expect(msgs.join('\n')).toMatch(/may import only zod, luxon and itself/);
  });

  it('allows domain code to import zod, luxon and itself', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      "import { z } from 'zod';\nimport { DateTime } from 'luxon';\nimport { WEEKDAYS } from '../settings/schemas.js';\nexport const y = [z, DateTime, WEEKDAYS];\n",
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });

  it('reports Date.now() and process.env in domain code', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      'export const a = Date.now();\nexport const b = process.env.X;\n',
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-properties'))).toHaveLength(2);
  });

  it('reports web code importing server code', async () => {
    const msgs = await messagesFor(
      'src/web/storefront/x.ts',
      "import { buildApp } from '../../server/app.js';\nexport const y = buildApp;\n",
    );
    expect(msgs.join('\n')).toMatch(/Web code may not import server code/);
  });

  it('reports server code importing web code', async () => {
    const msgs = await messagesFor(
      'src/server/modules/x.ts',
      "import { App } from '../../web/app/App.js';\nexport const y = App;\n",
    );
    expect(msgs.join('\n')).toMatch(/Server code may not import web code/);
  });

  it('reports contract code importing server or web code', async () => {
    const server = await messagesFor(
      'src/contract/x.ts',
      "import { AppError } from '../server/lib/app-error.js';\nexport const y = AppError;\n",
    );
    expect(server.join('\n')).toMatch(/src\/contract is pure: it may not import server or web/);
    const web = await messagesFor(
      'src/contract/x.ts',
      "import { call } from '../web/lib/api.js';\nexport const y = call;\n",
    );
    expect(web.join('\n')).toMatch(/src\/contract is pure: it may not import server or web/);
  });

  it('reports contract code importing a package other than zod', async () => {
    const msgs = await messagesFor(
      'src/contract/x.ts',
      "import { DateTime } from 'luxon';\nexport const y = DateTime;\n",
    );
    expect(msgs.join('\n')).toMatch(/src\/contract may import only zod, src\/domain and itself/);
  });

  it('allows contract code to import zod, the domain and itself', async () => {
    const msgs = await messagesFor(
      'src/contract/x.ts',
      "import { z } from 'zod';\nimport { MESSAGES } from '../domain/messages.js';\nimport { errorBody } from './errors.js';\nexport const y = [z, MESSAGES, errorBody];\n",
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });

  it('reports Date.now(), process.env and fetch in contract code', async () => {
    const msgs = await messagesFor(
      'src/contract/x.ts',
      "export const a = Date.now();\nexport const b = process.env.X;\nexport const c = fetch('/');\n",
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-properties'))).toHaveLength(2);
    // fetch, and the process global itself (the pure roots read no process state at all).
    expect(msgs.filter((m) => m.startsWith('no-restricted-globals'))).toHaveLength(2);
  });

  it('reports domain code importing the contract (the contract builds on the domain)', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      "import { errorBody } from '../../contract/errors.js';\nexport const y = errorBody;\n",
    );
    expect(msgs.join('\n')).toMatch(/may not import server, web or contract code/);
  });

  it('allows web and server code to import the contract', async () => {
    for (const file of ['src/web/storefront/x.ts', 'src/server/modules/x/x.routes.ts']) {
      const msgs = await messagesFor(
        file,
        "import { errorBody } from '../../../contract/errors.js';\nexport const y = errorBody;\n",
      );
      expect(
        msgs.filter((m) => m.startsWith('no-restricted-imports')),
        file,
      ).toEqual([]);
    }
  });
});
