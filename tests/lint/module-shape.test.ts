// The server's module shape (docs/decisions/module-boundaries.md) is the lint rule
// forkful/module-shape: prove each part refuses a sample violation and lets the right shape pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function shapeMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'forkful/module-shape')
    .map((m) => m.message);
}

describe('module shape lint rule', () => {
  it('refuses drizzle in a service, a route or an adapter', async () => {
    for (const file of [
      'src/server/modules/printers/printers.service.ts',
      'src/server/modules/printers/printers.routes.ts',
      'src/server/adapters/sms/x.ts',
    ]) {
      const msgs = await shapeMessages(
        file,
        "import { eq } from 'drizzle-orm';\nexport const y = eq;\n",
      );
      expect(msgs.join('\n'), file).toMatch(/Only repositories .* touch drizzle and the tables/);
    }
  });

  it('refuses the tables outside a repository, also by a dynamic import', async () => {
    const msgs = await shapeMessages(
      'src/server/modules/images/images.service.ts',
      "import { images } from '../../db/schema/index.js';\nexport const y = images;\nexport const z = () => import('../../db/schema/menu.js');\n",
    );
    expect(msgs).toHaveLength(2);
  });

  it('allows drizzle and the tables in a repository and in the db folder', async () => {
    const code =
      "import { eq } from 'drizzle-orm';\nimport { images } from '../../db/schema/index.js';\nexport const y = [eq, images];\n";
    expect(await shapeMessages('src/server/modules/images/images.repository.ts', code)).toEqual([]);
    expect(
      await shapeMessages('src/server/db/seed/x.ts', code.replace('../../db/', '../')),
    ).toEqual([]);
  });

  it("refuses a route calling a repository, even its own module's", async () => {
    const msgs = await shapeMessages(
      'src/server/modules/printers/printers.routes.ts',
      "import { listPrinters } from './printers.repository.js';\nexport const y = listPrinters;\n",
    );
    expect(msgs.join('\n')).toMatch(/A route calls its own module's service/);
  });

  it("refuses reaching into another module's files; allows its public index.ts", async () => {
    const reach = await shapeMessages(
      'src/server/modules/store/store.service.ts',
      "import { findMerchantBySlug } from '../merchants/merchants.repository.js';\nexport const y = findMerchantBySlug;\n",
    );
    expect(reach.join('\n')).toMatch(/through its public file modules\/merchants\/index.ts/);
    const reexport = await shapeMessages(
      'src/server/modules/store/store.service.ts',
      "export { sendCached } from '../cache/cached-body.js';\n",
    );
    expect(reexport).toHaveLength(1);
    const viaIndex = await shapeMessages(
      'src/server/modules/store/store.service.ts',
      "import { findMerchantBySlug } from '../merchants/index.js';\nexport const y = findMerchantBySlug;\n",
    );
    expect(viaIndex).toEqual([]);
  });

  it('refuses an adapter importing a feature module', async () => {
    const msgs = await shapeMessages(
      'src/server/adapters/payments/x.ts',
      "import { findOrder } from '../../modules/orders/index.js';\nexport const y = findOrder;\n",
    );
    expect(msgs.join('\n')).toMatch(/Adapters .* import no feature module/);
  });

  it('refuses config.ts importing a feature module', async () => {
    const msgs = await shapeMessages(
      'src/server/config.ts',
      "import { x } from './modules/customers/index.js';\nexport const y = x;\n",
    );
    expect(msgs.join('\n')).toMatch(/config.ts .* imports no feature module/);
  });

  it('refuses app-context.ts importing a feature module, even a type (issue 26)', async () => {
    const msgs = await shapeMessages(
      'src/server/app-context.ts',
      "import type { OrderPlacedHook } from './modules/orders/index.js';\nexport type H = OrderPlacedHook;\n",
    );
    expect(msgs.join('\n')).toMatch(/app-context.ts imports nothing from modules/);
  });

  it('exempts no module: the placement path (checkout, cart, payments, orders) is checked too', async () => {
    const code =
      "import { findMerchantBySlug } from '../merchants/merchants.repository.js';\nexport const y = findMerchantBySlug;\n";
    for (const m of ['checkout', 'cart', 'payments', 'orders']) {
      const msgs = await shapeMessages(`src/server/modules/${m}/${m}.service.ts`, code);
      expect(msgs.join('\n')).toMatch(/through its public file modules\/merchants\/index.ts/);
    }
    const tables = await shapeMessages(
      'src/server/modules/payments/reconciler.ts',
      "import { orders } from '../../db/schema/index.js';\nexport const y = orders;\n",
    );
    expect(tables.join('\n')).toMatch(/Only repositories/);
  });

  // Issue 26: the three doors the rule left open, each closed and proven on a sample.
  it("refuses a repository in a module's public file; allows its types there", async () => {
    const msgs = await shapeMessages(
      'src/server/modules/orders/index.ts',
      "export { findOrder } from './orders.repository.js';\n" +
        "import { lockOrder } from './orders.repository.js';\nexport { lockOrder };\n",
    );
    expect(msgs).toHaveLength(2);
    expect(msgs.join('\n')).toMatch(/public file offers services, read models and types, never/);
    const types = await shapeMessages(
      'src/server/modules/orders/index.ts',
      "export type { OrderRow } from './orders.repository.js';\n" +
        "export { type PaymentStatus } from './orders.repository.js';\n" +
        "export { findOrder } from './order-records.service.js';\n",
    );
    expect(types).toEqual([]);
  });

  it("refuses passing a repository's functions on by `export … from` from any other file", async () => {
    for (const code of [
      "export { findOrder } from './orders.repository.js';\n",
      "export * from './orders.repository.js';\n",
      "export * as rows from './orders.repository.js';\n",
    ]) {
      const msgs = await shapeMessages('src/server/modules/orders/order-reads.ts', code);
      expect(msgs.join('\n'), code).toMatch(/not passed on by `export … from`/);
    }
  });

  it('checks files outside modules/: plugins, lib, cli and placement-hooks use a module through its index.ts', async () => {
    const code =
      "import { readAnonId } from '../modules/diners/anon-id.js';\nexport const y = readAnonId;\n";
    for (const file of [
      'src/server/plugins/access.ts',
      'src/server/lib/x.ts',
      'src/server/cli/x.ts',
    ]) {
      const msgs = await shapeMessages(file, code);
      expect(msgs.join('\n'), file).toMatch(
        /use module 'diners' through modules\/diners\/index.ts, not diners\/anon-id.ts/,
      );
    }
    const hooks = await shapeMessages(
      'src/server/placement-hooks.ts',
      "import { loyaltyAwardStatement } from './modules/customers/customer-account.service.js';\nexport const y = loyaltyAwardStatement;\n",
    );
    expect(hooks).toHaveLength(1);
    const viaIndex = await shapeMessages(
      'src/server/plugins/access.ts',
      "import { readAnonId } from '../modules/diners/index.js';\nexport const y = readAnonId;\n",
    );
    expect(viaIndex).toEqual([]);
  });

  it("lets the composition root register a module's route plugin, and nothing else of its files", async () => {
    const routes = await shapeMessages(
      'src/server/routes.ts',
      "import { cartRoutes } from './modules/cart/cart.routes.js';\nexport const y = cartRoutes;\n",
    );
    expect(routes).toEqual([]);
    for (const file of ['src/server/app.ts', 'src/server/jobs.ts', 'src/server/server.ts']) {
      const msgs = await shapeMessages(
        file,
        "import { runOutboxWorker } from './modules/outbox/outbox.service.js';\n" +
          "import { findByKey } from './modules/outbox/outbox.repository.js';\n" +
          'export const y = [runOutboxWorker, findByKey];\n',
      );
      expect(msgs, file).toHaveLength(2);
    }
    const plugin = await shapeMessages(
      'src/server/plugins/x.ts',
      "import { cartRoutes } from '../modules/cart/cart.routes.js';\nexport const y = cartRoutes;\n",
    );
    expect(plugin).toHaveLength(1);
  });

  it('refuses SQL outside repositories and src/server/db whatever the import', async () => {
    const samples = [
      // through the app context: no import at all
      "export const r = (ctx: any) => ctx.database.query('select 1');\n",
      'export const r = (ctx: any) => ctx.db.execute(`select 1`);\n',
      'export const r = (tx: any) => tx.execute({ sql: 1 });\n',
      // drizzle's sql however it came into scope (a re-export, a parameter)
      "import { sql } from '../../lib/anything.js';\nexport const r = sql`select 1`;\n",
      'export const r = (sql: any) => sql.raw("select 1");\n',
      "export const r = (pool: any) => pool.query('update orders set x = 1');\n",
    ];
    for (const code of samples) {
      const msgs = await shapeMessages('src/server/modules/health/health.routes.ts', code);
      expect(msgs.join('\n'), code).toMatch(/SQL is sent only by repositories/);
      const plugin = await shapeMessages('src/server/plugins/x.ts', code);
      expect(plugin.join('\n'), code).toMatch(/SQL is sent only by repositories/);
    }
    const fine = [
      "export const r = (ctx: any) => ctx.database.query('select 1');\n",
      "import { sql } from 'drizzle-orm';\nexport const r = sql`select 1`;\n",
    ];
    for (const code of fine) {
      expect(await shapeMessages('src/server/modules/health/health.repository.ts', code)).toEqual(
        [],
      );
      expect(await shapeMessages('src/server/db/x.ts', code)).toEqual([]);
    }
    // Not SQL: a regular expression's exec, a request's query property, a transaction callback.
    const notSql = await shapeMessages(
      'src/server/modules/x/x.service.ts',
      "export const a = /x/.exec('x');\nexport const b = (req: any) => req.query.page;\n" +
        'export const c = (ctx: any) => ctx.db.transaction(async () => 1);\n',
    );
    expect(notSql).toEqual([]);
  });
});
