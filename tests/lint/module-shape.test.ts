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
});
