// No import cycles in src/, type-only imports included (docs/decisions/module-boundaries.md): a
// value cycle lets a module run while another is half-initialised, a type cycle ties two modules
// together, and both are how module boundaries quietly erode.
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

  // Issue 26: a type cycle ties two modules together as much as a value cycle does (neither can
  // change its types without the other), so type-only imports count.
  it.each([
    ['import type', "import type { B } from './b.js';\nexport const a = 1;"],
    ['a type-only name', "import { type B } from './b.js';\nexport const a = 1;"],
    ['export type … from', "export type { B } from './b.js';\nexport const a = 1;"],
    ['typeof import()', "export type A = typeof import('./b.js');\nexport const a = 1;"],
  ])('counts a cycle through %s', (_, a) => {
    const files = new Map([
      ['src/a.ts', a],
      ['src/b.ts', "import { a } from './a.js';\nexport type B = typeof a;"],
    ]);
    expect(findCycles(importGraph(files))).toEqual([['src/a.ts', 'src/b.ts', 'src/a.ts']]);
  });
});
