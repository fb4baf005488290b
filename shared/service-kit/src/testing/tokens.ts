// Access tokens as the services' tests handle them: sent, read and (for a token from before a claim existed) re-signed.
import { createPrivateKey, sign } from 'node:crypto';

/** The Authorization header of a request made with `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The account id inside an access token. */
export function subjectOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
}

/** The token's own claims, re-signed with identity's key without `ev`: a token issued before the claim existed. */
export function withoutVerificationClaim(token: string, signingKeyPem: string): string {
  const [header, payload] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  delete claims.ev;
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(null, Buffer.from(body), createPrivateKey(signingKeyPem)).toString('base64url')}`;
}
