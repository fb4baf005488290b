// Builds JWTs by hand for the authorization tests: expired, foreign-key and unsigned tokens.
import { generateKeyPairSync, sign } from 'node:crypto';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function craftJwt(header: Record<string, unknown>, payload: Record<string, unknown>, privateKeyPem?: string): string {
  const head = `${b64url(header)}.${b64url(payload)}`;
  if (!privateKeyPem) return `${head}.`;
  return `${head}.${sign(null, Buffer.from(head), privateKeyPem).toString('base64url')}`;
}

export function foreignEd25519Pem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}
