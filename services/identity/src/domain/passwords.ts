// Password hashing with argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane),
// stored as a PHC string so the parameters can be raised later without breaking old hashes.
// Source: OWASP Password Storage Cheat Sheet, "Argon2id".
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Argon2Params {
  memoryKiB: number;
  passes: number;
  parallelism: number;
}

export const OWASP_ARGON2ID: Argon2Params = { memoryKiB: 19_456, passes: 2, parallelism: 1 };
const TAG_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: Argon2Params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2(
      'argon2id',
      {
        message: Buffer.from(password, 'utf8'),
        nonce: salt,
        parallelism: params.parallelism,
        tagLength: TAG_LENGTH,
        memory: params.memoryKiB,
        passes: params.passes,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string, params: Argon2Params = OWASP_ARGON2ID): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, params);
  return `$argon2id$v=19$m=${params.memoryKiB},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function parsePhc(encoded: string): { params: Argon2Params; salt: Buffer; hash: Buffer } | undefined {
  const match = PHC.exec(encoded);
  if (!match) return undefined;
  const [, m, t, p, salt, hash] = match;
  return {
    params: { memoryKiB: Number(m), passes: Number(t), parallelism: Number(p) },
    salt: Buffer.from(salt!, 'base64'),
    hash: Buffer.from(hash!, 'base64'),
  };
}

/** True when `password` matches; a malformed stored hash never matches. Constant-time comparison. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePhc(encoded);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params);
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

/** True when a hash was made with weaker parameters than today's: rehash it at the next sign-in. */
export function needsRehash(encoded: string, params: Argon2Params = OWASP_ARGON2ID): boolean {
  const parsed = parsePhc(encoded);
  return (
    !parsed ||
    parsed.params.memoryKiB < params.memoryKiB ||
    parsed.params.passes < params.passes ||
    parsed.params.parallelism !== params.parallelism
  );
}
