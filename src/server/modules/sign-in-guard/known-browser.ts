// The known-browser cookie (docs/decisions/sign-in-guesses.md): set at each successful sign-in
// (and when a diner's reset link is used), it names the accounts this browser signed in to, signed
// with the session secret (@fastify/cookie), so a browser cannot claim an account it never
// signed in to. Such a browser is never held back by the account's failures.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { customerLogin } from '../../../contract/customers.js';
import { merchantLogin } from '../../../contract/merchants.js';
import type { SignInKind } from './sign-in-guard.service.js';

export const KNOWN_BROWSER_COOKIE: Record<SignInKind, string> = {
  merchant: 'fk_merchant_known',
  customer: 'fk_customer_known',
};

/**
 * Sent only with the sign-in call itself: no other request carries it. (The diner's reset link
 * sets it from another path, so there the list starts anew with that account.)
 */
const COOKIE_PATH: Record<SignInKind, string> = {
  merchant: merchantLogin.path,
  customer: customerLogin.path,
};

/** Accounts remembered per browser (a shared counter computer, a family tablet). */
export const KNOWN_ACCOUNTS_MAX = 5;
export const KNOWN_BROWSER_MAX_AGE_S = 365 * 24 * 60 * 60;

function knownAccounts(request: FastifyRequest, kind: SignInKind): string[] {
  const raw = request.cookies[KNOWN_BROWSER_COOKIE[kind]];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value.split('.') : [];
}

export function isKnownBrowser(
  request: FastifyRequest,
  kind: SignInKind,
  accountKey: string,
): boolean {
  return knownAccounts(request, kind).includes(accountKey);
}

/** Adds the account to the browser's known accounts (the most recent first). */
export function rememberBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SignInKind,
  accountKey: string,
  secure: boolean,
): void {
  const accounts = [accountKey, ...knownAccounts(request, kind).filter((k) => k !== accountKey)];
  reply.setCookie(KNOWN_BROWSER_COOKIE[kind], accounts.slice(0, KNOWN_ACCOUNTS_MAX).join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH[kind],
    maxAge: KNOWN_BROWSER_MAX_AGE_S,
  });
}
