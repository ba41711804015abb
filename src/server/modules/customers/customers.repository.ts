// Queries over diners' accounts, their orders and their loyalty ledger. Reads name the columns
// they need (never `select *` on orders), so a column added to a table elsewhere cannot break them.
import { NUMBERED_STATES, PLACED_STATES } from '../../../domain/orders/order-life.js';
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Statement, Tx } from '../../db/client.js';
import { rowShape } from '../../db/prepared.js';
import { customers, loyaltyLedger, merchants, orders } from '../../db/schema/index.js';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, email.trim().toLowerCase()));
  return row;
}

export async function findCustomerById(tx: Tx, id: string) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findCustomerBySocialSubject(tx: Tx, loginPortal: string, subject: string) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.loginPortal, loginPortal), eq(customers.oidcSubject, subject)));
  return row;
}

export interface NewCustomer {
  name: string;
  email: string;
  passwordHash: string | null;
  loginPortal?: string | null;
  oidcSubject?: string | null;
}

/**
 * Inserts an account; undefined when the email (case-insensitively) or the social subject is
 * already taken, so a race between two registrations ends in one account and one refusal.
 */
export async function insertCustomer(tx: Tx, values: NewCustomer, now: Date) {
  const [row] = await tx
    .insert(customers)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Records the social provider and subject on an account that has none yet. */
export async function linkSocialSubject(
  tx: Tx,
  customerId: string,
  loginPortal: string,
  subject: string,
  now: Date,
) {
  const [row] = await tx
    .update(customers)
    .set({ loginPortal, oidcSubject: subject, updatedAt: now })
    .where(and(eq(customers.id, customerId), isNull(customers.loginPortal)))
    .returning();
  return row;
}

export interface ProfileChanges {
  name: string;
  email?: string;
  orderName: string;
  orderAddress: string;
  orderPhone: string;
  orderZipcode: string;
}

export async function updateCustomerProfile(
  tx: Tx,
  customerId: string,
  changes: ProfileChanges,
  now: Date,
) {
  const [row] = await tx
    .update(customers)
    .set({ ...changes, updatedAt: now })
    .where(eq(customers.id, customerId))
    .returning();
  return row;
}

/** Order states a diner sees in their history: every state after placing (order-life.md). */
const HISTORY_STATES = NUMBERED_STATES;

export interface HistoryCursor {
  placedAt: Date;
  id: string;
}

/** Where a history page that ends with this order continues; undefined if not the diner's. */
export async function findHistoryCursor(
  tx: Tx,
  customerId: string,
  orderId: string,
): Promise<HistoryCursor | undefined> {
  const [row] = await tx
    .select({ placedAt: orders.placedAt, id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.customerId, customerId),
        inArray(orders.state, [...HISTORY_STATES]),
      ),
    );
  return row?.placedAt ? { placedAt: row.placedAt, id: row.id } : undefined;
}

/** A diner's placed and voided orders, newest first, with the merchant's name and logo. */
export async function listOrderHistory(
  tx: Tx,
  customerId: string,
  limit: number,
  before?: HistoryCursor,
) {
  return tx
    .select({
      id: orders.id,
      placedAt: orders.placedAt,
      totalCents: orders.totalCents,
      orderMethod: orders.orderMethod,
      orderNumber: orders.orderNumber,
      state: orders.state,
      hasVoid: orders.hasVoid,
      merchantSlug: merchants.merchantId,
      merchantName: merchants.name,
      merchantLogoUrl: merchants.logoUrl,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.state, [...HISTORY_STATES]),
        isNotNull(orders.placedAt),
        before
          ? or(
              lt(orders.placedAt, before.placedAt),
              and(eq(orders.placedAt, before.placedAt), lt(orders.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit);
}

/** Total cents and count of the diner's placed orders that were not voided. */
export async function sumPlacedOrders(tx: Tx, customerId: string) {
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.state, [...PLACED_STATES]),
        eq(orders.hasVoid, false),
      ),
    );
  return { totalCents: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
}

/** Ledger rows count unless they belong to an order that was voided afterwards. */
const ledgerCounts = sql`(${orders.id} is null or (${orders.state} not in ('voided', 'cancelled') and ${orders.hasVoid} = false))`;

export async function sumLoyaltyPoints(tx: Tx, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ points: sql<string>`coalesce(sum(${loyaltyLedger.points}), 0)` })
    .from(loyaltyLedger)
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(and(eq(loyaltyLedger.customerId, customerId), ledgerCounts));
  return Number(row?.points ?? 0);
}

export async function listLoyaltyHistory(tx: Tx, customerId: string, limit: number) {
  return tx
    .select({
      points: loyaltyLedger.points,
      detail: loyaltyLedger.detail,
      createdAt: loyaltyLedger.createdAt,
    })
    .from(loyaltyLedger)
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(and(eq(loyaltyLedger.customerId, customerId), ledgerCounts))
    .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
    .limit(limit);
}

/** One ledger row per order (unique order id): true when this call wrote it. */
/** The statement insertLoyaltyEntry runs, for a caller that runs it inside its own statement. */
export function insertLoyaltyEntryStatement(entry: LoyaltyEntry): Statement {
  return {
    key: `loyalty:${rowShape(entry).id}`,
    build: (tx, prefix) =>
      tx
        .insert(loyaltyLedger)
        .values(rowShape(entry, prefix).template)
        .onConflictDoNothing({ target: loyaltyLedger.orderId })
        .returning({ id: loyaltyLedger.id })
        .getSQL(),
    params: (prefix) => rowShape(entry, prefix).params,
  };
}

interface LoyaltyEntry {
  customerId: string;
  merchantId: string | null;
  orderId: string;
  points: number;
  detail: string;
  createdAt?: Date;
}

export async function insertLoyaltyEntry(tx: Tx, entry: LoyaltyEntry): Promise<boolean> {
  const rows = await tx
    .insert(loyaltyLedger)
    .values(entry)
    .onConflictDoNothing({ target: loyaltyLedger.orderId })
    .returning({ id: loyaltyLedger.id });
  return rows.length > 0;
}
