// Test data of a test's own, so tests never depend on each other's changes: merchants with a
// small menu and customers, each with a unique id.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.js';
import { customers } from '../../src/server/db/schema/index.js';
import { smallMenu } from '../../src/server/db/seed/data/small-menu.js';
import { sunriseMerchant } from '../../src/server/db/seed/merchants.js';
import { seedMerchant } from '../../src/server/db/seed/seed.js';
import { findMerchantBySlug } from '../../src/server/modules/merchants/merchants.repository.js';
import { hashPassword } from '../../src/server/lib/passwords.js';

export const uniqueId = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

export async function createMerchant(db: Db, overrides: Partial<typeof sunriseMerchant> = {}) {
  const seed = {
    ...sunriseMerchant,
    merchantId: uniqueId('m'),
    password: 'Passw0rdTest',
    ...overrides,
  };
  await seedMerchant(db, seed, smallMenu, { images: false });
  const row = await findMerchantBySlug(db, seed.merchantId);
  if (!row) throw new Error('fixture merchant not created');
  return { ...row, password: seed.password };
}

export async function createCustomer(
  db: Db,
  overrides: { name?: string; email?: string; password?: string } = {},
) {
  const password = overrides.password ?? 'Passw0rdTest';
  const [row] = await db
    .insert(customers)
    .values({
      name: overrides.name ?? uniqueId('diner'),
      email: overrides.email ?? `${uniqueId('diner')}@example.com`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...row!, password };
}

/** The Cookie header that carries the session a successful sign-in set. */
function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signInMerchant(
  app: FastifyInstance,
  merchantId: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/merchantUsers/merchantLogin',
    payload: { merchantUserName: merchantId, merchantPassword: password },
  });
  if (res.statusCode !== 200)
    throw new Error(`merchant sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

export async function signInCustomer(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/usersAuth/userLogin',
    payload: { email, password },
  });
  if (res.statusCode !== 200)
    throw new Error(`customer sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}
