// The dependency rules of DESIGN.md §3 are lint rules: prove each one reports a forbidden import.
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
    expect(msgs.join('\n')).toMatch(/no-restricted-imports.*may not import server or web code/);
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
});
