// Diners' accounts, sessions of both kinds, loyalty points and phone verification.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { merchants } from './merchants.js';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    /** The spec's user "name" (a username, 5–50 characters). */
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id; null for accounts made through social sign-in only. */
    passwordHash: text('password_hash'),
    /** The social provider an account signed in with (spec login_portal), and its subject. */
    loginPortal: text('login_portal'),
    oidcSubject: text('oidc_subject'),
    orderName: text('order_name').notNull().default(''),
    orderAddress: text('order_address').notNull().default(''),
    orderPhone: text('order_phone').notNull().default(''),
    orderZipcode: text('order_zipcode').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('customers_oidc_key').on(t.loginPortal, t.oidcSubject),
  ],
);

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a
 * database leak does not hand out live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'sessions_kind_owner',
      sql`(${t.kind} = 'merchant' and ${t.merchantId} is not null and ${t.customerId} is null) or (${t.kind} = 'customer' and ${t.customerId} is not null and ${t.merchantId} is null)`,
    ),
    index('sessions_expires').on(t.expiresAt),
  ],
);

/** Loyalty points: one row per earning or spending, so the balance is a sum with a history. */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    orderId: uuid('order_id'),
    points: integer('points').notNull(),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_ledger_customer').on(t.customerId, t.createdAt),
    uniqueIndex('loyalty_ledger_order_once').on(t.orderId),
  ],
);

/** A phone verification for one anonymous diner: hashed 4-digit code, expiry, tries, lock. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: id(),
    anonUserId: text('anon_user_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('phone_verifications_anon_phone').on(t.anonUserId, t.phone)],
);

/** Details a diner chose to share on the order-placed page (spec CustomerInfo). */
export const customerInfoSubmissions = pgTable('customer_info_submissions', {
  id: id(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id'),
  fname: text('fname').notNull(),
  lname: text('lname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  createdAt: createdAt(),
});

/**
 * One-time password-reset links (docs/decisions/password-reset.md): only the token's SHA-256 is
 * stored; a link is used once (usedAt), expires, and all of an account's links end when one is used.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token').on(t.tokenHash),
    index('password_resets_customer').on(t.customerId, t.createdAt),
  ],
);
