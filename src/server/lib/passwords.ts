// Password hashing with argon2id (DESIGN.md §6).
import { hash, verify } from '@node-rs/argon2';

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
