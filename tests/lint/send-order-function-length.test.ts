// Issue 26, "the send-order path reads straight": no function over 80 lines on the path one send
// order takes (checkout → payments → orders → notifications/outbox, and the cart that prices it).
// Lines are counted with the TypeScript parser, from a function's first line to its last, comments
// and blank lines included (what a reader scrolls through). Proven on a sample it must refuse.
import fs from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

export const MAX_FUNCTION_LINES = 80;

/** The source files of the send-order path (tests/api/send-order-modules.test.ts prints it). */
const PATH_FILES = [
  'src/server/modules/checkout/send-order.service.ts',
  'src/server/modules/checkout/send-order.repository.ts',
  'src/server/modules/checkout/phone-order.service.ts',
  'src/server/modules/cart/cart-pricing.ts',
  'src/server/modules/cart/cart.service.ts',
  'src/server/modules/payments/payments.service.ts',
  'src/server/modules/payments/money.ts',
  'src/server/modules/payments/gateway.ts',
  'src/server/modules/orders/orders.service.ts',
  'src/server/modules/orders/order-records.service.ts',
  'src/server/modules/notifications/notifications.service.ts',
  'src/server/modules/outbox/outbox.service.ts',
];

/** Every function in `text` longer than `max` lines, as `name (lines)`. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(n.end).line;
      const lines = last - first + 1;
      const name =
        n.name?.getText(sf) ??
        (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText(sf) : `(line ${first + 1})`);
      if (lines > max) found.push(`${name} (${lines})`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('functions on the send-order path', () => {
  it(`are at most ${MAX_FUNCTION_LINES} lines each`, () => {
    const long = PATH_FILES.flatMap((f) =>
      longFunctions(f, fs.readFileSync(f, 'utf8')).map((l) => `${f}: ${l}`),
    );
    expect(long).toEqual([]);
  });

  it('refuses a long function, an arrow and a method alike (sample)', () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const sample = [
      `export async function big() {\n${body}\n}`,
      `const arrow = () => {\n${body}\n};`,
      `class K { method() {\n${body}\n} }`,
      `function small() {\n  return 1;\n}`,
    ].join('\n');
    expect(longFunctions('sample.ts', sample)).toEqual(['big (87)', 'arrow (87)', 'method (87)']);
  });
});
