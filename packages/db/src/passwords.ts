import { hash, verify } from '@node-rs/argon2';

/**
 * The one password hashing scheme: argon2id with @node-rs/argon2's defaults
 * (19 MiB, 2 passes, 1 lane: the OWASP recommendation). It lives here, next to
 * the schema, because both sign-in (apps/api identity) and the demo seed
 * write credential rows and must agree on it.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}
