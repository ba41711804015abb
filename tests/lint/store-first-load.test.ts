// What the store page's first load carries (issue 11's budget, bench/storefront prints the bytes):
// the browser app is built for real and the chunks the entry imports statically are walked. The
// contract's zod schemas, luxon and the dashboard load only with the views that need them
// (src/contract/refs.ts, src/contract/error-codes.ts, src/domain/format/notice.ts keep the
// store page's imports free of them); a module-level import that drags one back in fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';

type Output = Rolldown.RolldownOutput;
type Chunk = Rolldown.OutputChunk;

let firstLoad: Set<string>;
let lazyModules: Set<string>;

beforeAll(async () => {
  const result = (await build({
    logLevel: 'silent',
    build: { write: false, sourcemap: false, minify: false },
  })) as Output | Output[];
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((o) => o.output)
    .filter((o): o is Chunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  firstLoad = new Set();
  const seen = new Set<string>();
  const walk = (chunk: Chunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    chunk.moduleIds.forEach((id) => firstLoad.add(id));
    chunk.imports.forEach((file) => {
      const next = byName.get(file);
      if (next) walk(next);
    });
  };
  chunks.filter((c) => c.isEntry).forEach(walk);
  lazyModules = new Set(chunks.filter((c) => !seen.has(c.fileName)).flatMap((c) => c.moduleIds));
}, 120_000);

const matching = (ids: Set<string>, pattern: RegExp) => [...ids].filter((id) => pattern.test(id));

describe("the store page's first load", () => {
  it('holds the store page and the menu', () => {
    expect(matching(firstLoad, /src\/web\/storefront\/StorePage\.tsx$/)).toHaveLength(1);
    expect(matching(firstLoad, /node_modules\/react-dom\//).length).toBeGreaterThan(0);
  });

  it.each([
    ['zod', /node_modules\/zod\//],
    ['luxon', /node_modules\/luxon\//],
    ['the dashboard', /src\/web\/dashboard\//],
    ['the checkout view', /src\/web\/storefront\/checkout\/CheckoutView\.tsx$/],
    ['the item modal', /src\/web\/storefront\/item\//],
    ['Leaflet (the checkout map)', /node_modules\/leaflet\//],
  ])('leaves out %s, which loads later', (_name, pattern) => {
    expect(matching(firstLoad, pattern)).toEqual([]);
    // …and it is still in the build: the check would pass vacuously if it were not.
    expect(matching(lazyModules, pattern).length).toBeGreaterThan(0);
  });
});
