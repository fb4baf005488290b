// A secret shared by our own services for the few questions one service asks another on nobody's
// behalf (the decoder asking billing for the plan of an API key's owner: a key carries no access token
// to forward). INTERNAL_API_TOKEN sets it in production; without it, the first service to start writes a
// random one into a file beside the services' data folders (.data/internal-api-token, mode 0600), and the
// others read it, so `npm start` needs no configuration. Anyone who can read that file can read the
// databases beside it too, so it protects nothing less than they do.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from './errors.ts';

export const INTERNAL_TOKEN_HEADER = 'x-keisha-internal-token';

/** The file beside a service's data folder that holds the shared secret. */
export function internalTokenFileFor(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), 'internal-api-token');
}

/** The configured secret, or the shared file's (made once, atomically, by whichever service is first). */
export function loadInternalToken(configured: string | undefined, file: string): string {
  if (configured) return configured;
  try {
    return readToken(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file); // fails when another service got there first: then its token is the one
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readToken(file);
}

function readToken(file: string): string {
  const token = readFileSync(file, 'utf8').trim();
  if (token.length < 32) throw new Error(`${file} does not hold an internal token (at least 32 characters)`);
  return token;
}

/** Compares in constant time (digests first, so the lengths of the two strings do not leak either). */
export function internalTokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * The `onRequest` hook of a route only our own services may call: 401 unless the request carries the internal token.
 * `token` is the secret, or a getter for one read when first needed (a service that starts without it).
 */
export function internalOnly(token: string | (() => string)) {
  return async (request: { headers: Record<string, string | string[] | undefined> }): Promise<void> => {
    if (!internalTokenMatches(typeof token === 'string' ? token : token(), request.headers[INTERNAL_TOKEN_HEADER])) {
      throw new AppError(401, 'UNAUTHENTICATED', 'Internal token required');
    }
  };
}
