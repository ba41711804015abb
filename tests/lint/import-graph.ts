// The import graph of the source tree, and the cycles in it. Type-only imports count too (issue 26):
// they vanish when compiled, so they cannot make a module see another half-initialised, but a type
// cycle still ties two modules together: neither can change its types without the other.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Relative specifiers a file imports: static imports, `export … from`, `import()` and
 * `typeof import()`, type-only ones included.
 */
export function fileImports(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specs.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specs.push(node.argument.literal.text);
    }
    // Only files that contain `import(` (a call or a type) need a walk below the top level.
    if (node === sf || hasDynamic) ts.forEachChild(node, visit);
  };
  const hasDynamic = source.includes('import(');
  visit(sf);
  return specs.filter((s) => s.startsWith('.'));
}

/** Graph over the given files (path → source): each file's edges to other files in the set. */
export function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, source] of files) {
    const edges = fileImports(file, source)
      .map((spec) => join(dirname(file), spec).replace(/\.js$/, ''))
      .flatMap((base) =>
        [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((c) => files.has(c)).slice(0, 1),
      );
    graph.set(file, edges);
  }
  return graph;
}

/** Every elementary cycle found by depth-first search, each reported once (as a file list). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** The TypeScript sources under a folder (repo-relative paths), generated migrations left out. */
export function readSources(root: string, cwd = process.cwd()): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.set(relative(cwd, full).split(sep).join('/'), readFileSync(full, 'utf8'));
      }
    }
  };
  walk(resolve(cwd, root));
  return files;
}
