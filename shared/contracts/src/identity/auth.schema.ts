import { z } from 'zod';
import { emailField, pagingQuery, pagedResponse } from '../common.ts';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SESSIONS_CHECK_MAX, UNLOCK_NEXT_PAGES } from './auth.ts';

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.emailRequired })
  .pipe(emailField(AUTH_MESSAGES.emailInvalid));

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

/** Sign-in checks only presence and bounds: the rules of the day an account was made may have differed. */
const existingPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.invalidCredentials });

export const registerBody = z.object({ email, password: newPassword });
export const loginBody = z.object({
  // A sign-in with a malformed address is simply a failed sign-in.
  email: z.string({ error: AUTH_MESSAGES.emailRequired }).trim().min(1, { error: AUTH_MESSAGES.emailRequired }).max(254),
  password: existingPassword,
});
export const validateTokenBody = z.object({ token: z.string().min(1).max(4096) });
export const changePasswordBody = z.object({ current_password: existingPassword, new_password: newPassword });

export const accountUser = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  created_at: z.string(),
  email_verified: z.boolean().optional(),
});
export const authSuccess = z.object({
  success: z.literal(true),
  user: accountUser,
  token: z.string(),
  expires_in: z.number().int(),
});
export const sessionsCheckBody = z.object({
  tokens: z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,4096}$/, { error: 'Not an access token' })).min(1).max(SESSIONS_CHECK_MAX),
});
export const sessionVerdict = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), user: z.object({ id: z.string(), role: z.enum(['user', 'admin']) }) }),
  z.object({ ok: z.literal(false), status: z.union([z.literal(401), z.literal(403)]), code: z.string(), message: z.string() }),
]);
export const sessionsCheckResponse = z.object({ success: z.literal(true), sessions: z.array(sessionVerdict) });
export const validateTokenResponse = z.object({ success: z.literal(true), user: accountUser });
export const okResponse = z.object({ success: z.literal(true) });

const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || /^https?:\/\/[^\s<>"']+$/i.test(value), { error: 'Must be an http(s) URL' })
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const profile = z.object({
  id: z.string(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  website: z.string().nullable(),
});
export const profileResponse = z.object({ success: z.literal(true), profile });
export const profileUpdateBody = z
  .object({
    username: z
      .string()
      .trim()
      .max(40, { error: 'Username must be at most 40 characters' })
      .refine((value) => !/[<>\p{Cc}]/u.test(value), { error: 'Username cannot contain < > or control characters' })
      .transform((value) => (value === '' ? null : value))
      .nullable(),
    avatar_url: optionalUrl,
    website: optionalUrl,
  })
  .partial()
  .strict();

export const adminUsersQuery = pagingQuery(100, 20).extend({ q: z.string().trim().max(254).optional() });
export const adminUserRow = accountUser.extend({ disabled: z.boolean(), last_sign_in_at: z.string().nullable() });
export const adminUsersResponse = pagedResponse('users', adminUserRow);
export const adminUserUpdateBody = z
  .object({ role: z.enum(['user', 'admin']), disabled: z.boolean() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });
export const userIdParams = z.object({ id: z.uuid({ error: 'Not a user id' }) });
/** An administrator deletes a reader's account: the account's address, typed, is the confirmation. */
export const adminDeleteUserBody = z.object({ confirm_email: email });
export const adminUserResponse = z.object({ success: z.literal(true), user: adminUserRow });

export const pageQuery = pagingQuery(200, 50);
export const waitlistEntry = z.object({ id: z.string(), email: z.string(), created_at: z.string() });
export const adminWaitlistResponse = pagedResponse('entries', waitlistEntry);

export const verifyEmailBody = z.object({ token: z.string().trim().min(1, { error: 'The link has no token' }).max(200) });
export const outboxStatus = z.enum(['pending', 'sent', 'failed']);
export const adminOutboxQuery = pageQuery.extend({ status: outboxStatus.optional() });
export const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: outboxStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The text is still kept (not yet emptied by the retention): a failed message can be sent again. */
  body_kept: z.boolean(),
});
/** `total` counts no further than a cap: `total_capped` says there are more than `total` messages. */
export const adminOutboxResponse = pagedResponse('messages', outboxMessage).extend({ total_capped: z.boolean() });
export const adminOutboxMessageParams = z.object({ id: z.uuid({ error: 'Not a message id' }) });
export const adminOutboxMessageResponse = z.object({ success: z.literal(true), message: outboxMessage });

/** A one-time link's token (43 base64url characters); anything else is refused before a lookup. */
const linkToken = z
  .string({ error: 'The link has no token' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid. Please use the latest link we sent you.' });

export const passwordResetRequestBody = z.object({ email });
export const passwordResetBody = z.object({ token: linkToken, new_password: newPassword });
export const passwordResetCheckBody = z.object({ token: linkToken });
export const deleteAccountBody = z.object({ password: existingPassword });

/**
 * The reader's copy of their data (GET `exportData`): one file, one section per service, each naming its kinds of
 * record with their rows (`accountExportPart` in common). identity's own section holds the account, profile,
 * sessions, newsletter, support requests, waitlist place, remembered sign-in addresses and the mail sent to it.
 */
const exportSection = z.record(z.string(), z.array(z.record(z.string(), z.unknown())));
export const accountExportDocument = z.object({
  success: z.literal(true),
  format: z.literal('keisha-account-export/1'),
  exported_at: z.string(),
  account_id: z.string(),
  identity: exportSection,
  decoder: exportSection,
  chat: exportSection,
  billing: exportSection,
});
export type AccountExportDocument = z.infer<typeof accountExportDocument>;
export const emailChangeBody = z.object({ new_email: email, password: existingPassword });
export const emailChangeConfirmBody = z.object({ token: linkToken });
export const emailChangeConfirmResponse = z.object({ success: z.literal(true), email: z.string() });
export const unlockRequestBody = z.object({ email, next: z.enum(UNLOCK_NEXT_PAGES).optional() });
export const unlockBody = z.object({ token: linkToken });
