import { AUTH_PATHS } from '@keisha/contracts/identity';
import type { ServiceApp } from '@keisha/service-kit';
import type { KeyRing } from '../../plugins/signing-keys.ts';

/** The public keys other services verify access tokens with (RFC 7517). */
export async function jwksRoutes(app: ServiceApp, { keys }: { keys: KeyRing }): Promise<void> {
  app.get(AUTH_PATHS.jwks, { schema: { tags: ['auth'], summary: 'Public signing keys (JWKS)' }, config: { rateLimit: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: [...keys.byKid.values()].map((key) => key.publicJwk) };
  });
}
