import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

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
