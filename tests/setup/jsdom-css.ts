// jsdom has no `CSS` global; react-aria-components reads `CSS.escape` (its meta-tag lookups), so
// the web tests get the one function it needs. Browsers have it natively.
const scope = globalThis as { CSS?: unknown };
if (scope.CSS === undefined) {
  const escape = (value: string) =>
    value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c.codePointAt(0)!.toString(16)} `);
  scope.CSS = { escape, supports: () => false };
}
