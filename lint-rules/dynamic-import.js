// `import()` is not checked by no-restricted-imports, so a dynamic import could cross a root the
// static rules close (web → server, domain → anything). This rule applies the same root and
// package limits to `import()`, and refuses a computed path where the limits must hold.
import path from 'node:path';

export const dynamicImport = {
  meta: {
    type: 'problem',
    docs: { description: 'The source roots of docs/design/stack.md also bind dynamic import().' },
    schema: [
      {
        type: 'object',
        properties: {
          /** Repo-relative folders this file may not load (e.g. "src/server"). */
          forbiddenRoots: { type: 'array', items: { type: 'string' } },
          /** Package names (regular expression) this file may not load. */
          forbiddenPackages: { type: 'string' },
          /** Forbid every import() (the pure roots load no code at run time). */
          forbidAll: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      none: 'This root loads no code at run time: no import() (docs/design/stack.md).',
      root: 'import() of {{root}} from here crosses a source root (docs/design/stack.md).',
      pkg: "import() of '{{spec}}' is not allowed in this root (docs/design/stack.md).",
      computed: 'import() needs a literal path here so the root rules can check it.',
    },
  },
  create(context) {
    const opts = context.options[0] ?? {};
    const cwd = context.cwd ?? process.cwd();
    const roots = opts.forbiddenRoots ?? [];
    const pkg = opts.forbiddenPackages ? new RegExp(opts.forbiddenPackages) : null;
    return {
      ImportExpression(node) {
        if (opts.forbidAll) return context.report({ node, messageId: 'none' });
        const src = node.source;
        const spec =
          src.type === 'Literal'
            ? src.value
            : src.type === 'TemplateLiteral' && src.expressions.length === 0
              ? src.quasis[0].value.cooked
              : null;
        if (typeof spec !== 'string') return context.report({ node, messageId: 'computed' });
        if (spec.startsWith('.')) {
          const abs = path.resolve(path.dirname(context.filename), spec);
          const rel = path.relative(cwd, abs).split(path.sep).join('/');
          const root = roots.find((r) => rel === r || rel.startsWith(`${r}/`));
          if (root) context.report({ node, messageId: 'root', data: { root } });
        } else if (pkg?.test(spec)) {
          context.report({ node, messageId: 'pkg', data: { spec } });
        }
      },
    };
  },
};
