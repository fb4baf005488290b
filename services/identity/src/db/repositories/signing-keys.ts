import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database.ts';

export interface SigningKey {
  kid: string;
  privateKeyPem: string;
  publicJwk: Record<string, unknown>;
}

export function newEd25519Key(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const kid = randomUUID();
  return {
    kid,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'EdDSA', use: 'sig' },
  };
}

export function signingKeysRepository(db: Kysely<IdentityDatabase>) {
  return {
    async all(): Promise<SigningKey[]> {
      const rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
      return rows.map((row) => ({
        kid: row.kid,
        privateKeyPem: row.private_key_pem,
        publicJwk: typeof row.public_jwk === 'string' ? JSON.parse(row.public_jwk) : row.public_jwk,
      }));
    },
    async insert(key: SigningKey): Promise<void> {
      await db
        .insertInto('signing_keys')
        .values({ kid: key.kid, private_key_pem: key.privateKeyPem, public_jwk: JSON.stringify(key.publicJwk) })
        .onConflict((oc) => oc.column('kid').doNothing())
        .execute();
    },
  };
}
