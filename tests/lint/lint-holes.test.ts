// Holes the first lint rules left open (issue 10): dynamic import() across roots, the clock and
// the environment in the pure roots, server-only packages in the browser code, and environment
// reads outside src/server/config.ts. Each test lints a sample violation and expects a report.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint holes closed', () => {
  it('refuses a dynamic import() from web into server code', async () => {
    const msgs = await messagesFor(
      'src/web/storefront/x.ts',
      "export const y = () => import('../../server/app.js');\n",
    );
    expect(msgs.join('\n')).toMatch(/forkful\/dynamic-import: import\(\) of src\/server/);
  });

  it('refuses a dynamic import() of a server-only package, or a computed one, in web code', async () => {
    const msgs = await messagesFor(
      'src/web/storefront/x.ts',
      "export const y = () => import('pg');\nexport const z = (m: string) => import(m);\n",
    );
    expect(msgs.filter((m) => m.startsWith('forkful/dynamic-import'))).toHaveLength(2);
  });

  it('refuses a dynamic import() from server into web code', async () => {
    const msgs = await messagesFor(
      'src/server/modules/x/x.service.ts',
      "export const y = () => import('../../../web/app/App.js');\n",
    );
    expect(msgs.join('\n')).toMatch(/forkful\/dynamic-import: import\(\) of src\/web/);
  });

  it('refuses any dynamic import() in src/domain', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      "export const y = () => import('./other.js');\n",
    );
    expect(msgs.join('\n')).toMatch(/forkful\/dynamic-import: This root loads no code/);
  });

  it.each([
    ['DateTime.now()', "import { DateTime } from 'luxon';\nexport const a = DateTime.now();\n"],
    ['DateTime.local()', "import { DateTime } from 'luxon';\nexport const a = DateTime.local();\n"],
    ['new Date()', 'export const a = new Date();\n'],
    ['Date()', 'export const a = Date();\n'],
    ['Date.now', 'export const a = Date.now;\n'],
    ['performance.now()', 'export const a = performance.now();\n'],
  ])('refuses the clock read %s in src/domain', async (_name, code) => {
    const msgs = await messagesFor('src/domain/money/x.ts', code);
    expect(msgs.filter((m) => /^no-restricted-(properties|syntax)/.test(m))).toHaveLength(1);
  });

  it('allows dates built from a given time in src/domain', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      "import { DateTime } from 'luxon';\nexport const a = (ms: number) => [new Date(ms), DateTime.fromMillis(ms), DateTime.local(2026, 1, 2)];\n",
    );
    expect(msgs).toEqual([]);
  });

  it('refuses process.env and process in src/domain', async () => {
    const msgs = await messagesFor(
      'src/domain/money/x.ts',
      'export const a = process.env.X;\nexport const { env } = process;\n',
    );
    expect(msgs.join('\n')).toMatch(/no-restricted-properties.*read no environment/);
    expect(msgs.join('\n')).toMatch(/no-restricted-globals.*'process'/);
  });

  it.each(['pg', 'drizzle-orm', 'fastify', '@fastify/cookie', 'node:fs', 'crypto', 'pino'])(
    'refuses the server-only package %s in src/web',
    async (pkg) => {
      const msgs = await messagesFor(
        'src/web/storefront/x.ts',
        `import * as m from '${pkg}';\nexport const y = m;\n`,
      );
      expect(msgs.join('\n')).toMatch(/no-restricted-imports.*server-only package/);
    },
  );

  it('allows the browser packages in src/web', async () => {
    const msgs = await messagesFor(
      'src/web/storefront/x.ts',
      "import { z } from 'zod';\nimport { useState } from 'react';\nexport const y = [z, useState];\n",
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });

  it('refuses process.env in server code outside config.ts, and allows it there', async () => {
    const code = 'export const a = process.env.X;\n';
    const outside = await messagesFor('src/server/adapters/payments/x.ts', code);
    expect(outside.join('\n')).toMatch(/Read environment variables only in src\/server\/config.ts/);
    expect(await messagesFor('src/server/config.ts', code)).toEqual([]);
  });
});
