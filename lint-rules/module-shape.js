// The server's inner shape as a lint rule (docs/decisions/module-boundaries.md):
//   - only repositories (*.repository.ts) and src/server/db touch drizzle and the tables, and only
//     they send SQL: a `sql` template or `.query(`/`.execute(` with SQL is refused elsewhere,
//     whatever it was imported from (the app context's `database.query` needs no import);
//   - route files never reach a repository: a route calls its own module's service;
//   - a module's public file (index.ts) offers services, read models and types, never a
//     repository, and no file passes a repository's functions on by `export … from`;
//   - a module is used from anywhere else in src/server (another module, plugins/, lib/, cli/,
//     placement-hooks.ts) only through its public file modules/<m>/index.ts; the composition
//     root (app.ts, routes.ts, jobs.ts, server.ts) may also import a module's *.routes.ts plugin;
//   - adapters, config.ts and app-context.ts import no feature module (every module imports the
//     app context: one import back is a cycle, type-only or not).
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
/** The files that wire the modules into an app: they register each module's route plugin. */
const COMPOSITION_ROOT = new Set(
  ['app.ts', 'routes.ts', 'jobs.ts', 'server.ts'].map((f) => SERVER + f),
);
/** Names a database handle goes by (`ctx.database`, `ctx.db`, a transaction, a pool, a client). */
const DATABASE_NAMES = /^(database|db|tx|pool|client|pglite|pg)$/i;
const SQL_METHODS = new Set(['query', 'execute', 'exec']);

/** The last name of a callee's object: `ctx.database` → database, `db` → db. */
function lastName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed) return node.property.name;
  if (node.type === 'ChainExpression') return lastName(node.expression);
  return null;
}
const isTextArgument = (arg) =>
  arg !== undefined &&
  ((arg.type === 'Literal' && typeof arg.value === 'string') ||
    arg.type === 'TemplateLiteral' ||
    arg.type === 'TaggedTemplateExpression');
/** `sql`, `sql.raw`, `sql.join`…: drizzle's SQL builder, however it came into scope. */
const isSqlTag = (node) =>
  (node.type === 'Identifier' && node.name === 'sql') ||
  (node.type === 'MemberExpression' &&
    node.object.type === 'Identifier' &&
    node.object.name === 'sql');

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
      appContext:
        'app-context.ts imports nothing from modules/: every module imports it, so that would be a cycle, even a type-only one (module-boundaries.md).',
      sql: 'SQL is sent only by repositories (*.repository.ts) and src/server/db; move this statement into a repository (module-boundaries.md).',
      indexRepository:
        "A module's public file offers services, read models and types, never a repository: export a service or read-model function instead (module-boundaries.md).",
      reexportRepository:
        "A repository's functions are not passed on by `export … from`: write a service or read-model function (module-boundaries.md).",
      rootFile:
        "Outside its module, use module '{{target}}' through modules/{{target}}/index.ts{{routes}}, not {{file}} (module-boundaries.md).",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const from = relativeToRepo(cwd, context.filename);
    if (!from || !from.startsWith(SERVER) || isTest(from)) return {};
    const exempt = new Set(context.options[0]?.exempt ?? []);
    const fromModule = moduleOf(from);
    if (fromModule && exempt.has(fromModule)) return {};

    const sendsSqlHere = !isRepository(from) && !from.startsWith('src/server/db/');

    /** `import type`, `export type … from`, or every name marked `type`: erased, no code passes. */
    const typeOnly = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

    function check(node, spec, reexport = false) {
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
      if (isRepository(target) && !isRepository(from) && !typeOnly(node)) {
        if (fromModule && isPublicFile(from, fromModule)) {
          context.report({ node, messageId: 'indexRepository' });
          return;
        }
        if (reexport) {
          context.report({ node, messageId: 'reexportRepository' });
          return;
        }
      }
      if (!toModule) return;
      if (from.startsWith('src/server/adapters/')) {
        context.report({ node, messageId: 'adapter' });
      } else if (from === 'src/server/config.ts') {
        context.report({ node, messageId: 'config' });
      } else if (from === 'src/server/app-context.ts') {
        context.report({ node, messageId: 'appContext' });
      } else if (fromModule && fromModule !== toModule && !isPublicFile(target, toModule)) {
        context.report({
          node,
          messageId: 'publicFile',
          data: { target: toModule, file: target.slice(MODULES.length) },
        });
      } else if (!fromModule && !isPublicFile(target, toModule)) {
        const root = COMPOSITION_ROOT.has(from);
        if (root && isRoutes(target)) return;
        context.report({
          node,
          messageId: 'rootFile',
          data: {
            target: toModule,
            file: target.slice(MODULES.length),
            routes: root ? ' (or its *.routes.ts plugin)' : '',
          },
        });
      }
    }

    const sqlChecks = sendsSqlHere
      ? {
          TaggedTemplateExpression: (node) => {
            if (isSqlTag(node.tag)) context.report({ node, messageId: 'sql' });
          },
          CallExpression: (node) => {
            const callee = node.callee;
            if (isSqlTag(callee)) {
              context.report({ node, messageId: 'sql' });
              return;
            }
            if (callee.type !== 'MemberExpression' || callee.computed) return;
            if (!SQL_METHODS.has(callee.property.name)) return;
            if (callee.object.type === 'Literal' && callee.object.regex) return; // /re/.exec(s)
            const handle = DATABASE_NAMES.test(lastName(callee.object) ?? '');
            const text = isTextArgument(node.arguments[0]) && callee.property.name !== 'exec';
            if (handle || text) context.report({ node, messageId: 'sql' });
          },
        }
      : {};

    return {
      ...sqlChecks,
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, true),
      ExportAllDeclaration: (node) => check(node, node.source.value, true),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : null),
    };
  },
};
