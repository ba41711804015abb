// No import cycles in src/ (docs/decisions/module-boundaries.md): a cycle lets a module run while
// another is half-initialised, and it is how module boundaries quietly erode.
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, readSources } from './import-graph.js';

describe('import cycles', () => {
  it('finds none in src/', () => {
    const cycles = findCycles(importGraph(readSources('src')));
    expect(cycles.map((c) => c.join(' → '))).toEqual([]);
  });

  it('reports a sample cycle, also through an index file and import()', () => {
    const files = new Map([
      [
        'src/server/modules/a/a.service.ts',
        "import { b } from '../b/index.js';\nexport const a = 1;",
      ],
      ['src/server/modules/b/index.ts', "export { b } from './b.service.js';"],
      ['src/server/modules/b/b.service.ts', "export const b = () => import('../a/a.service.js');"],
    ]);
    expect(findCycles(importGraph(files))).toEqual([
      [
        'src/server/modules/a/a.service.ts',
        'src/server/modules/b/index.ts',
        'src/server/modules/b/b.service.ts',
        'src/server/modules/a/a.service.ts',
      ],
    ]);
  });

  it('leaves out type-only imports', () => {
    const files = new Map([
      ['src/a.ts', "import type { B } from './b.js';\nexport const a = 1;"],
      ['src/b.ts', "import { a } from './a.js';\nexport type B = typeof a;"],
    ]);
    expect(findCycles(importGraph(files))).toEqual([]);
  });
});
