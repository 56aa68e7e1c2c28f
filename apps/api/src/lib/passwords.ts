import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: m=19456 KiB, t=2, p=1 (about 10 ms here).
// algorithm 2 is Argon2id (the package's enum is a const enum, unusable under isolatedModules).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random value: login verifies against it when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(`no-account-${Math.random()}`, options);
  return dummyHash;
}
