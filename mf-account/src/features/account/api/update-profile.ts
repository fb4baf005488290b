import { AUTH_PATHS, type Profile, type ProfileResponse } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import type { ProfileUpdate } from '../domain/profile-form.ts';

/** PATCH AUTH_PATHS.profile; answers the profile as saved (400 with a message for a bad value). */
export async function updateProfile(update: ProfileUpdate): Promise<Profile> {
  const response = await session.request<ProfileResponse>(AUTH_PATHS.profile, { method: 'PATCH', body: update });
  return response.profile;
}
