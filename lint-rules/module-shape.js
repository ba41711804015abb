// The server's inner shape as a lint rule (docs/decisions/module-boundaries.md):
//   - only repositories (*.repository.ts) and src/server/db touch drizzle and the tables;
//   - route files never reach a repository: a route calls its own module's service;
//   - a module uses another module only through that module's public file, modules/<m>/index.ts;
//   - adapters and config.ts import no feature module.
// Imports are resolved by path only (a `.js` specifier names the `.ts` file beside it), so the rule
// needs no resolver and stays fast. Static imports, `export … from` and literal `import()` count.
import path from 'node:path';

const SERVER = 'src/server/';
const MODULES = 'src/server/modules/';

/** Repo-relative, forward-slash path of a file, or null when it is outside the repo. */
function relativeToRepo(cwd, file) {
  const rel = path.relative(cwd, file).split(path.sep).join('/');
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel;
}

/** Name of the feature module a repo path is in (src/server/modules/<name>/…), or null. */
function moduleOf(rel) {
  if (!rel.startsWith(MODULES)) return null;
  const name = rel.slice(MODULES.length).split('/')[0];
  return rel.slice(MODULES.length).includes('/') ? name : null;
}

const isRepository = (rel) => /\.repository\.ts$/.test(rel);
const isRoutes = (rel) => /\.routes\.ts$/.test(rel);
const isTest = (rel) => /\.test\.tsx?$/.test(rel);
const isSchema = (rel) => rel === 'src/server/db/schema' || rel.startsWith('src/server/db/schema/');
const isDrizzle = (spec) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');
const isPublicFile = (rel, name) => rel === `${MODULES}${name}/index.ts`;

export const moduleShape = {
  meta: {
    type: 'problem',
    docs: { description: 'The server module shape: routes → service → repository, public files.' },
    schema: [
      {
        type: 'object',
        properties: {
          /** Modules whose own files are not checked yet (temporary; see eslint.config.js). */
          exempt: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      tables:
        'Only repositories (*.repository.ts) and src/server/db touch drizzle and the tables; call a repository (module-boundaries.md).',
      routeRepository:
        "A route calls its own module's service, never a repository (module-boundaries.md).",
      publicFile:
        "Use module '{{target}}' through its public file modules/{{target}}/index.ts, not {{file}} (module-boundaries.md).",
      adapter:
        'Adapters talk to outside services and import no feature module (module-boundaries.md).',
      config:
        'config.ts reads the environment and imports no feature module (module-boundaries.md).',
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const from = relativeToRepo(cwd, context.filename);
    if (!from || !from.startsWith(SERVER) || isTest(from)) return {};
    const exempt = new Set(context.options[0]?.exempt ?? []);
    const fromModule = moduleOf(from);
    if (fromModule && exempt.has(fromModule)) return {};

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      let target = null;
      if (spec.startsWith('.')) {
        const abs = path.resolve(path.dirname(context.filename), spec);
        target = relativeToRepo(cwd, abs)?.replace(/\.js$/, '.ts') ?? null;
      }
      const touchesTables = isDrizzle(spec) || (target !== null && isSchema(target));
      if (touchesTables && !isRepository(from) && !from.startsWith('src/server/db/')) {
        context.report({ node, messageId: 'tables' });
        return;
      }
      if (target === null) return;
      const toModule = moduleOf(target);
      if (isRoutes(from) && isRepository(target)) {
        context.report({ node, messageId: 'routeRepository' });
        return;
      }
      if (!toModule) return;
      if (from.startsWith('src/server/adapters/')) {
        context.report({ node, messageId: 'adapter' });
      } else if (from === 'src/server/config.ts') {
        context.report({ node, messageId: 'config' });
      } else if (fromModule && fromModule !== toModule && !isPublicFile(target, toModule)) {
        context.report({
          node,
          messageId: 'publicFile',
          data: { target: toModule, file: target.slice(MODULES.length) },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : null),
    };
  },
};
