import type { Profile } from '@keisha/contracts/identity';

/** The profile form as typed. */
export interface ProfileValues {
  username: string;
  avatarUrl: string;
  website: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The PATCH body of AUTH_PATHS.profile: blank fields are cleared (null), the rest sent trimmed. */
export interface ProfileUpdate {
  username: string | null;
  avatar_url: string | null;
  website: string | null;
}

/** The identity service's limits, checked here too so a person hears about them before sending. */
export const USERNAME_MAX_LENGTH = 40;
export const URL_MAX_LENGTH = 2048;

export const PROFILE_MESSAGES = {
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username cannot contain < > or control characters',
  avatarUrlInvalid: 'Avatar URL must be a web address starting with http:// or https://',
  websiteInvalid: 'Website must be a web address starting with http:// or https://',
  saved: 'Profile saved.',
} as const;

export function profileValuesOf(profile: Pick<Profile, 'username' | 'avatar_url' | 'website'> | null | undefined): ProfileValues {
  return { username: profile?.username ?? '', avatarUrl: profile?.avatar_url ?? '', website: profile?.website ?? '' };
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function profileUpdateOf(values: ProfileValues): ProfileUpdate {
  return { username: blankToNull(values.username), avatar_url: blankToNull(values.avatarUrl), website: blankToNull(values.website) };
}

/** An http or https address without spaces or markup characters (the service's rule). */
export function isWebAddress(value: string): boolean {
  const text = value.trim();
  return text.length <= URL_MAX_LENGTH && /^https?:\/\/[^\s<>"']+$/i.test(text);
}

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const username = values.username.trim();
  if (username.length > USERNAME_MAX_LENGTH) errors.username = PROFILE_MESSAGES.usernameTooLong;
  else if (/[<>\p{Cc}]/u.test(username)) errors.username = PROFILE_MESSAGES.usernameCharacters;
  if (values.avatarUrl.trim() !== '' && !isWebAddress(values.avatarUrl)) errors.avatarUrl = PROFILE_MESSAGES.avatarUrlInvalid;
  if (values.website.trim() !== '' && !isWebAddress(values.website)) errors.website = PROFILE_MESSAGES.websiteInvalid;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
