import { AUTH_PATHS, type Profile, type ProfileResponse } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/** GET AUTH_PATHS.profile: the signed-in person's username, avatar and website. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const response = await session.request<ProfileResponse>(AUTH_PATHS.profile, signal ? { signal } : {});
  return response.profile;
}
