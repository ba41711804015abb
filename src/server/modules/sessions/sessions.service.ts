// Server-side sessions (docs/design/security.md): a random token in an HttpOnly cookie, only its
// hash in the database; a new session at every sign-in, deleted at sign-out, expiring on its own.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import {
  deleteExpiredSessions,
  deleteMerchantSessions,
  deleteSession,
  findCustomerByTokenHash,
  findMerchantByTokenHash,
  insertSession,
  touchSession,
} from './sessions.repository.js';

export type SessionKind = 'merchant' | 'customer';

/** A session's absolute lifetime from sign-in. */
export const SESSION_TTL_MS: Record<SessionKind, number> = {
  merchant: 12 * 60 * 60 * 1000,
  customer: 30 * 24 * 60 * 60 * 1000,
};

/**
 * A merchant session unused this long ends (issue 12): a dashboard left signed in on a shared
 * counter computer does not stay open for the rest of the 12 hours. An open dashboard polls every
 * 10 seconds, so it never goes idle while it is on screen.
 */
export const MERCHANT_IDLE_MS = 2 * 60 * 60 * 1000;

/** How stale the last-seen time may get before a request writes it again (one write a minute). */
const TOUCH_EVERY_MS = 60 * 1000;

export const SESSION_COOKIE: Record<SessionKind, string> = {
  merchant: 'fk_merchant_session',
  customer: 'fk_customer_session',
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface MerchantPrincipal {
  id: string;
  merchantId: string;
  /** Names this sign-in in the audit (merchant_audit): a prefix of the token's hash. */
  sessionRef: string;
}
export interface CustomerPrincipal {
  id: string;
  name: string;
  email: string;
}

export async function createSession(
  db: Db,
  kind: SessionKind,
  ownerId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS[kind]);
  await insertSession(db, {
    tokenHash: hashToken(token),
    kind,
    merchantId: kind === 'merchant' ? ownerId : null,
    customerId: kind === 'customer' ? ownerId : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

export async function findMerchantSession(
  db: Db,
  token: string,
  now: Date,
): Promise<MerchantPrincipal | undefined> {
  const tokenHash = hashToken(token);
  const found = await findMerchantByTokenHash(
    db,
    tokenHash,
    now,
    new Date(now.getTime() - MERCHANT_IDLE_MS),
  );
  if (!found) return undefined;
  if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
    await touchSession(db, tokenHash, now);
  return { id: found.id, merchantId: found.merchantId, sessionRef: tokenHash.slice(0, 16) };
}

export async function findCustomerSession(
  db: Db,
  token: string,
  now: Date,
): Promise<CustomerPrincipal | undefined> {
  return findCustomerByTokenHash(db, hashToken(token), now);
}

/** Deletes expired sessions; called from time to time by the app. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
}

/** Signs a merchant out everywhere (after a password reset: whoever had the old one is out). */
export async function endMerchantSessions(db: Tx, merchantUuid: string): Promise<void> {
  await deleteMerchantSessions(db, merchantUuid);
}
