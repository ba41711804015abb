// A diner session for API tests: the anonymous id cookie and helpers to call the cart routes.
import type { FastifyInstance } from 'fastify';
import type { ItemView } from '../../src/contract/menu.js';
import type { Db } from '../../src/server/db/client.js';
import { phoneVerifications } from '../../src/server/db/schema/index.js';

export interface Diner {
  uid: string;
  ip: string;
  cookie: string;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; body: Json }>;
}

/** Answers are read loosely in tests: each test asserts the fields it cares about. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let ipSeq = 0;

/**
 * A new diner: its own anonymous id and its own IP address, so per-IP rate limits see separate
 * people, as they would in production.
 */
export async function newDiner(app: FastifyInstance, extraCookie = ''): Promise<Diner> {
  ipSeq++;
  const ip = `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
  const res = await app.inject({ url: '/api/users/cookie', remoteAddress: ip });
  const uid = res.json().uid as string;
  const cookie = [String(res.headers['set-cookie']).split(';')[0], extraCookie]
    .filter(Boolean)
    .join('; ');
  return {
    uid,
    ip,
    cookie,
    async call(method, path, payload) {
      const r = await app.inject({
        method,
        url: path,
        remoteAddress: ip,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: r.statusCode, body: r.body ? r.json() : null };
    },
  };
}

export const cartPath = (merchantId: string, what: string, uid: string) =>
  `/api/shoppingCarts/merchantId/${merchantId}/${what}/${uid}`;

/** A valid choice for an item: first size, and the fewest values each group needs. */
export function simpleChoice(item: ItemView, quantity = 1) {
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const need = g.minNumberToSelect ?? (g.maxNumberToSelect !== null ? 0 : g.numberToSelect);
    if (need > 0) options[g._id] = g.optionValues.slice(0, need).map((v) => v._id);
  }
  return { itemId: item._id, sizeId: item.size[0]?._id ?? null, options, quantity, note: '' };
}

export async function menuOf(app: FastifyInstance, merchantId: string): Promise<ItemView[]> {
  return (await app.inject(`/api/items7/merchantId/${merchantId}/items`)).json();
}

/** Marks the diner's phone verified, as the texted-code flow would (send order then accepts it). */
export async function markPhoneVerified(db: Db, uid: string, phone: string, now: Date) {
  await db.insert(phoneVerifications).values({
    anonUserId: uid,
    phone,
    codeHash: 'x'.repeat(64),
    expiresAt: now,
    lastSentAt: now,
    verifiedAt: now,
  });
}
