// Password hashing with argon2id (docs/design/security.md).
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { checkPassword as passwordRule } from '../../domain/validation/fields.js';

export const hashPassword = (password: string) => hash(password);

// Verifying against this when the account does not exist keeps the answer's timing the same,
// so sign-in does not reveal which merchant ids or emails exist.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ybL2ZCfD3XHqkcsGpSGwEQ$qghLi4QabcJeTzPDrAtqQ6PCUEo816Sd9GvTVBJyZ+Y';

export async function checkPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? DUMMY_HASH, password);
    return ok && storedHash != null;
  } catch {
    return false;
  }
}

// Letters and digits without the look-alikes (0/O, 1/l/I), so a password read off a terminal is
// typed right the first time.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_LENGTH = 20; // 20 × log2(57) ≈ 116 bits

/**
 * A new random password for an account nobody chose one for (a merchant made by the command,
 * the production demo seed): 20 characters from the system's CSPRNG, and it always meets the
 * password rule (upper, lower, digit) so the merchant may keep it.
 */
export function generatePassword(): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < GENERATED_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (passwordRule(out) === null) return out;
  }
}
