import { AUTH_PATHS } from '@keisha/contracts/identity';
import { profileResponse, profileUpdateBody } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from '@keisha/service-kit';
import { profilesRepository } from '../../db/repositories/profiles.ts';

export async function profileRoutes(app: ServiceApp): Promise<void> {
  const profiles = profilesRepository(app.db);
  const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody };

  app.get(
    AUTH_PATHS.profile,
    { schema: { tags: ['profiles'], summary: 'My profile', response: { 200: profileResponse, ...errors } }, preHandler: app.authenticate },
    async (request) => ({ success: true as const, profile: await profiles.get(request.user.sub) }),
  );

  // Only the owner edits a profile: the id comes from the token, never from the request.
  app.patch(
    AUTH_PATHS.profile,
    {
      schema: { tags: ['profiles'], summary: 'Edit my profile', body: profileUpdateBody, response: { 200: profileResponse, ...errors } },
      preHandler: app.authenticate,
    },
    async (request) => ({ success: true as const, profile: await profiles.save(request.user.sub, request.body) }),
  );
}
