/**
 * Secrets, ids and join codes for the workshop server. Secrets are 256 random bits (crypto.randomBytes), given
 * out once and stored only as their SHA-256; a fast hash is enough because the secrets are random, not chosen by
 * people. Comparison is in constant time (crypto.timingSafeEqual over the two hashes).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '../room/names.ts';

/** A new random secret: 32 bytes, base64url (43 characters). */
export function createSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A new random public id: 16 bytes (128 bits), base64url (22 characters). */
export function createId(): string {
  return randomBytes(16).toString('base64url');
}

/** A new join code: CODE_LENGTH characters drawn uniformly from CODE_ALPHABET (about 37 bits). */
export function createJoinCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The stored form of a secret: SHA-256, base64url. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** True when `secret` hashes to `storedHash`; takes the same time whichever byte differs. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = createHash('sha256').update(secret, 'utf8').digest();
  const stored = Buffer.from(storedHash, 'base64url');
  if (stored.length !== given.length) return false;
  return timingSafeEqual(given, stored);
}

/** Splits a learner token `<learnerId>.<secret>`; undefined when it is not one. */
export function parseLearnerToken(token: string): { learnerId: string; secret: string } | undefined {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(token);
  return match ? { learnerId: match[1]!, secret: match[2]! } : undefined;
}

/** The bearer token of an Authorization header, if it carries one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9._-]{1,256})$/.exec(header ?? '');
  return match?.[1];
}
