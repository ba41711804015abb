// Every write to an order goes through one of its commands (issue 26, docs/decisions/order-life.md
// "Where each write lives now"): the orders module's public file offers no raw write of the
// order's row (updateOrder, updateOrderIfIn, …), neither by name nor as a service that only passes
// its arguments on to the repository, and no file outside modules/orders imports one. The one
// exception is the action claim (claimOrderForAction / releaseOrderClaim): a lease on the order
// while a gateway call is out, not its state, flags or money. Each rule is proven on a sample.
import { describe, expect, it } from 'vitest';
import { readSources } from './import-graph.js';

const ORDERS = 'src/server/modules/orders/';
const REPOSITORY = `${ORDERS}orders.repository.ts`;
/** Repository writes other modules may still reach, and why: see the file's head. */
const CLAIMS = new Set(['claimOrderForAction', 'releaseOrderClaim']);

/** The repository's exported functions whose body writes the orders table. */
export function rawWriters(repository: string): Set<string> {
  const writes =
    /\.(update|insert|delete)\(\s*orders\s*\)|\b(update|insert\s+into|delete\s+from)\s+("?orders"?\b|\$\{orders\})/i;
  const out = new Set<string>();
  const parts = repository.split(/^(?=export )/m);
  for (const part of parts) {
    const name = /^export (?:async )?function (\w+)/.exec(part)?.[1];
    if (name && writes.test(part)) out.add(name);
  }
  return out;
}

/** The names a file exports, by `export { … }` lists and `export const/function`. */
function exportedNames(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/export\s*\{([^}]*)\}/g))
    for (const item of m[1]!.split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.push(name);
    }
  for (const m of text.matchAll(/export\s+(?:const|(?:async\s+)?function)\s+(\w+)/g))
    names.push(m[1]!);
  return names;
}

/** Raw writes the orders module's public file offers: by name, or as a pass-through service. */
export function rawWritesOffered(
  writers: Set<string>,
  index: string,
  services: Iterable<[string, string]>,
): string[] {
  const offered = new Set(exportedNames(index));
  const out: string[] = [];
  for (const name of offered)
    if (writers.has(name) && !CLAIMS.has(name)) out.push(`index.ts: ${name}`);
  for (const [file, text] of services)
    for (const m of text.matchAll(
      /export const (\w+)[^=]*=\s*\([^)]*\)\s*=>\s*repository\.(\w+)\(/g,
    ))
      if (offered.has(m[1]!) && writers.has(m[2]!) && !CLAIMS.has(m[2]!))
        out.push(`${file}: ${m[1]} passes on repository.${m[2]}`);
  return [...new Set(out)];
}

/** Imports of a raw write by files outside the orders module. */
export function rawWritesImported(writers: Set<string>, files: Iterable<[string, string]>) {
  const out: string[] = [];
  for (const [file, text] of files) {
    if (file.startsWith(ORDERS)) continue;
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']*)'/g)) {
      if (!/\/orders\/[\w.-]+\.js$/.test(m[2]!) || m[2]!.includes('domain/orders')) continue;
      for (const item of m[1]!.split(',')) {
        const name = item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (writers.has(name) && !CLAIMS.has(name)) out.push(`${file}: ${name}`);
      }
    }
  }
  return out;
}

const sources = [...readSources('src')].filter(
  ([file]) => file.startsWith('src/server/') && !/\.test\.tsx?$/.test(file),
);
const text = (file: string) => sources.find(([f]) => f === file)?.[1] ?? '';
const writers = rawWriters(text(REPOSITORY));

describe("an order's writes are its commands", () => {
  it("finds the repository's raw writes (the rule has something to refuse)", () => {
    expect(writers.has('updateOrder')).toBe(true);
    expect(writers.has('updateOrderIfIn')).toBe(true);
    expect(writers.has('findOrder')).toBe(false);
  });

  it('offers none of them through the public file', () => {
    const services = sources.filter(
      ([f]) => f.startsWith(ORDERS) && f !== REPOSITORY && !f.endsWith('/index.ts'),
    );
    expect(rawWritesOffered(writers, text(`${ORDERS}index.ts`), services)).toEqual([]);
  });

  it('is imported by no other module', () => {
    expect(rawWritesImported(writers, sources)).toEqual([]);
  });

  it('refuses a sample: an exported raw write, a pass-through, an import elsewhere', () => {
    const w = new Set(['updateOrder', 'updateOrderIfIn', 'claimOrderForAction']);
    expect(
      rawWritesOffered(w, "export {\n  findOrder,\n  updateOrder,\n} from './x.js';", []),
    ).toEqual(['index.ts: updateOrder']);
    expect(
      rawWritesOffered(w, "export { writeIt, claimOrderForAction } from './s.js';", [
        [
          's.ts',
          'export const writeIt: typeof repository.updateOrderIfIn = (...args) =>\n  repository.updateOrderIfIn(...args);\nexport const claimOrderForAction = (...args) => repository.claimOrderForAction(...args);',
        ],
      ]),
    ).toEqual(['s.ts: writeIt passes on repository.updateOrderIfIn']);
    expect(
      rawWritesImported(w, [
        [
          'src/server/modules/payments/reconciler.ts',
          "import { type OrderRow, updateOrder } from '../orders/index.js';",
        ],
        [
          'src/server/modules/transactions/t.ts',
          "import { claimOrderForAction } from '../orders/index.js';",
        ],
        ['src/server/modules/orders/orders.service.ts', "import { updateOrder } from './x.js';"],
        [
          'src/server/modules/merchant-orders/routes.ts',
          "import { updateOrder } from './merchant-orders.service.js';",
        ],
      ]),
    ).toEqual(['src/server/modules/payments/reconciler.ts: updateOrder']);
  });
});
