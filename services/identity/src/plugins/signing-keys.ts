import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { IdentityDatabase } from '../db/database.ts';
import { newEd25519Key, signingKeysRepository, type SigningKey } from '../db/repositories/signing-keys.ts';

export interface KeyRing {
  current: SigningKey;
  /** Public keys by kid, for verification and the JWKS. */
  byKid: Map<string, SigningKey>;
}

function fromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('SIGNING_KEY_PEM must be an Ed25519 private key');
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  // RFC 7638 thumbprint as the kid: the same key always has the same id.
  const kid = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).digest('base64url');
  return { kid, privateKeyPem: pem, publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } };
}

/** The configured key, or the newest stored one, creating it on the first start. */
export async function loadKeyRing(db: Kysely<IdentityDatabase>, configuredPem?: string): Promise<KeyRing> {
  const repository = signingKeysRepository(db);
  if (configuredPem) {
    const key = fromPem(configuredPem);
    const stored = await repository.all();
    return { current: key, byKid: new Map([[key.kid, key], ...stored.map((k) => [k.kid, k] as const)]) };
  }
  let stored = await repository.all();
  if (stored.length === 0) {
    // The first key is made under a lock on the table: replicas starting together on an empty database would each
    // make and use their own key otherwise, and refuse each other's tokens (5 of 12 replicas answered 401 so).
    stored = await db.transaction().execute(async (trx) => {
      await sql`lock table signing_keys in exclusive mode`.execute(trx);
      const inside = signingKeysRepository(trx);
      if ((await inside.all()).length === 0) await inside.insert(newEd25519Key());
      return inside.all();
    });
  }
  return { current: stored[0]!, byKid: new Map(stored.map((k) => [k.kid, k])) };
}
