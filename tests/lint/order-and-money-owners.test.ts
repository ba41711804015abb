// One owner for an order's life and one for its money (issue 26, docs/decisions/order-life.md):
// no source file outside the orders module writes the orders table (drizzle's update/insert/delete
// of `orders`, or SQL text that does), and no file outside payments and the payment adapters calls
// a gateway operation. Each rule is proven on a sample it must refuse.
import { describe, expect, it } from 'vitest';
import { readSources } from './import-graph.js';

const ORDERS_OWNER = 'src/server/modules/orders/';
/** The one file of payments that calls a gateway (its one interface), and the adapters themselves. */
const MONEY_INTERFACE = 'src/server/modules/payments/money.ts';
const ADAPTERS = 'src/server/adapters/payments/';

/** The lines of `text` that write the orders table. */
export function ordersWrites(text: string): string[] {
  const drizzle = /\.(update|insert|delete)\(\s*orders\s*\)/;
  const sqlText = /\b(update|insert\s+into|delete\s+from)\s+("?orders"?\b|\$\{orders\})/i;
  return text.split('\n').filter((line) => drizzle.test(line) || sqlText.test(line));
}

/** The lines of `text` that call a payment gateway's operation. */
export function gatewayCalls(text: string): string[] {
  const ops = '(authorize|sale|capture|void|refund|tipAdjust|voidByOrder|inquireByOrder)';
  // Called on something named a gateway, or with a gateway environment as first argument (every
  // operation of the PaymentGateway interface takes one).
  const onGateway = new RegExp(`\\b\\w*[gG]ateway\\w*\\??\\.${ops}\\(`);
  const withEnv = new RegExp(`\\.${ops}\\(\\s*(\\w*[eE]nv\\b|gatewayEnv\\()`);
  return text.split('\n').filter((line) => onGateway.test(line) || withEnv.test(line));
}

const sources = [...readSources('src')].filter(
  ([file]) => file.startsWith('src/server/') && !/\.test\.tsx?$/.test(file),
);

describe('who writes the orders table', () => {
  it('is the orders module alone', () => {
    const elsewhere = sources
      .filter(([file]) => !file.startsWith(ORDERS_OWNER))
      .flatMap(([file, text]) => ordersWrites(text).map((line) => `${file}: ${line.trim()}`));
    expect(elsewhere).toEqual([]);
  });

  it('refuses a sample write, by drizzle or by SQL text', () => {
    expect(ordersWrites('  await tx.update(orders).set(set)')).toHaveLength(1);
    expect(ordersWrites('await db.insert(orders).values(v)')).toHaveLength(1);
    expect(ordersWrites('sql`update ${orders} set paid = true`')).toHaveLength(1);
    expect(ordersWrites('db.execute(sql.raw(\'UPDATE "orders" SET paid = true\'))')).toHaveLength(
      1,
    );
    expect(ordersWrites('sql`delete from orders where id = ${id}`')).toHaveLength(1);
    expect(ordersWrites('await tx.select().from(orders)')).toEqual([]);
    expect(ordersWrites('tx.update(orderLines)')).toEqual([]);
  });
});

/** Gateway calls outside payments' one interface, by file (the rule's answer on `files`). */
export function gatewayCallsOutsideInterface(files: Iterable<[string, string]>) {
  const counts: Record<string, number> = {};
  for (const [file, text] of files) {
    if (file === MONEY_INTERFACE || file.startsWith(ADAPTERS)) continue;
    const n = gatewayCalls(text).length;
    if (n > 0) counts[file] = n;
  }
  return counts;
}

describe('who calls a payment gateway', () => {
  it("is payments' one interface (money.ts) alone, no exception left", () => {
    expect(gatewayCallsOutsideInterface(sources)).toEqual({});
  });

  it('refuses a call elsewhere, in payments as in any other module', () => {
    expect(
      gatewayCallsOutsideInterface([
        ['src/server/modules/payments/reconciler.ts', 'await gateway.capture(env, req);'],
        ['src/server/modules/transactions/transactions.service.ts', 'gateway.void(env, r)'],
        ['src/server/modules/payments/money.ts', 'await call.gateway.void(env, r)'],
        ['src/server/adapters/payments/sandbox.ts', 'await gateway.void(env, r)'],
      ]),
    ).toEqual({
      'src/server/modules/payments/reconciler.ts': 1,
      'src/server/modules/transactions/transactions.service.ts': 1,
    });
  });

  it('refuses a sample call', () => {
    expect(
      gatewayCalls('    result = await gateway.void(env, { retref, orderRef });'),
    ).toHaveLength(1);
    expect(gatewayCalls('await requireGateway(ctx, p).capture(env, req)')).toHaveLength(1);
    expect(gatewayCalls('const g = gatewayOf(ctx, p); await g.refund(env, r)')).toHaveLength(1);
    expect(gatewayCalls('await g.void(gatewayEnv(ctx, m, g), { retref })')).toHaveLength(1);
    expect(gatewayCalls('promise.void(); list.capture(x)')).toEqual([]);
    expect(gatewayCalls('await theGateway?.inquireByOrder(env, { orderRef })')).toHaveLength(1);
  });
});
