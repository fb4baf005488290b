// Accounts and sessions: paths, shapes, codes and the spec's messages (zod-free, browsers import it).

/** Spec section 7: the decoder's calls, kept with their shapes. */
export const AUTH_PATHS = {
  register: '/api/bias-auth/register',
  login: '/api/bias-auth/login',
  validateToken: '/api/bias-auth/validate-token',
  /** Ours: rotate the HttpOnly refresh cookie and get a fresh access token. */
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  logoutAll: '/api/auth/logout-all',
  me: '/api/auth/me',
  adminLogin: '/api/auth/admin/login',
  changePassword: '/api/auth/change-password',
  /** POST { token }: the link in the verification message confirms the account's address. */
  verifyEmail: '/api/auth/verify-email',
  /** POST, signed in: a new verification message (throttled). */
  verifyEmailResend: '/api/auth/verify-email/resend',
  /** POST { email }: mails a password-reset link when the address has an account; the same answer either way. */
  passwordResetRequest: '/api/auth/password-reset/request',
  /**
   * POST { token }: whether a reset link can still be used (200), or why not (the reset's own 400/409/410), without
   * using it up: the page says so when it opens, before the reader types a new password twice.
   */
  passwordResetCheck: '/api/auth/password-reset/check',
  /** POST { token, new_password }: sets the password with a reset link's token and signs out every device. */
  passwordReset: '/api/auth/password-reset',
  /** POST { new_email, password }, signed in: mails a confirmation link to the new address. */
  emailChange: '/api/auth/email-change',
  /** POST { token }: the link sent to the new address makes it the account's address (the old one is told). */
  emailChangeConfirm: '/api/auth/email-change/confirm',
  /** POST { email, next? }: mails a one-time sign-in/unlock link when the address has an account; the same answer either way. */
  unlockRequest: '/api/auth/unlock/request',
  /** POST { token }: signs in with a sign-in/unlock link's token, from this network even while strangers are held back. */
  unlock: '/api/auth/unlock',
  /**
   * POST { password }, signed in: deletes the account for good. identity removes what it holds at once and signs
   * out every device; the decoder, the chat and billing erase theirs through an internal call identity retries
   * until each has answered (docs/identity.md, "Deleting an account"). An administrator's account is refused (409).
   */
  deleteAccount: '/api/auth/delete-account',
  /**
   * GET, signed in: one JSON file of everything Keisha holds about the account (identity's own records and the
   * decoder's, the chat's and billing's, asked over internal calls). 503 with the reason when a service cannot
   * answer: a partial copy is never passed off as the whole (docs/identity.md, "Downloading your data").
   */
  exportData: '/api/auth/export-data',
  profile: '/api/profiles/me',
  jwks: '/.well-known/jwks.json',
} as const;

/**
 * A readable companion of the HttpOnly refresh cookie, set and cleared with it: '1' while this browser holds a
 * refresh cookie. Not a credential (it opens nothing); it lets a page skip the refresh call, and the 401 it
 * would log, when nobody is signed in.
 */
export const SESSION_HINT_COOKIE = 'keisha_session';

export const ADMIN_PATHS = {
  users: '/api/identity/admin/users',
  user: (id: string) => `/api/identity/admin/users/${encodeURIComponent(id)}`,
  /** POST: forget the failed sign-ins that hold an account's owner out. */
  unlockUser: (id: string) => `/api/identity/admin/users/${encodeURIComponent(id)}/unlock`,
  /**
   * POST { confirm_email }: deletes a reader's account for good, as the reader's own deletion does (the same erasures
   * everywhere, and a mail to the address). Not an administrator's account (409) and not one's own (400).
   */
  deleteUser: (id: string) => `/api/identity/admin/users/${encodeURIComponent(id)}/delete`,
  waitlist: '/api/identity/admin/waitlist',
  waitlistCsv: '/api/identity/admin/waitlist.csv',
  /** The mail outbox, newest first: sent, pending and failed messages. */
  outbox: '/api/identity/admin/outbox',
  /** POST: a message that failed (every attempt refused) is queued again, while its text is still kept. */
  outboxRetry: (id: string) => `/api/identity/admin/outbox/${encodeURIComponent(id)}/retry`,
} as const;

/** What the Outbox page says about sending a failed message again (and identity's refusals). */
export const OUTBOX_TEXT = {
  retry: 'Send again',
  retrying: 'Sending…',
  queued: (to: string) => `The message to ${to} is queued to be sent again.`,
  notFailed: 'Only a message that failed can be sent again. Refresh the list to see where it stands.',
  bodyEmptied: 'This message is older than the outbox keeps message text, so it cannot be sent again.',
  notFound: 'No such message',
} as const;

export const OUTBOX_ERRORS = {
  notFailed: 'NOT_FAILED',
  bodyEmptied: 'BODY_EMPTIED',
} as const;

export type Role = 'user' | 'admin';

/** The account as every API returns it. */
export interface AccountUser {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  /** Whether the address was confirmed by the link sent to it (absent from older identity versions). */
  email_verified?: boolean;
}

/** register, login, admin login, refresh: the spec's shape (success, user, token). */
export interface AuthSuccess {
  success: true;
  user: AccountUser;
  /** Short-lived access token (JWT, EdDSA); send as `Authorization: Bearer <token>`. */
  token: string;
  /** Seconds until the token expires. */
  expires_in: number;
}

export interface ValidateTokenResponse {
  success: true;
  user: AccountUser;
}

export interface Profile {
  id: string;
  username: string | null;
  avatar_url: string | null;
  website: string | null;
}
export interface ProfileResponse {
  success: true;
  profile: Profile;
}

export interface AdminUserRow extends AccountUser {
  disabled: boolean;
  last_sign_in_at: string | null;
}
export interface AdminUsersResponse {
  success: true;
  users: AdminUserRow[];
  total: number;
  page: number;
  page_size: number;
}
export interface WaitlistEntry {
  id: string;
  email: string;
  created_at: string;
}
export interface AdminWaitlistResponse {
  success: true;
  entries: WaitlistEntry[];
  total: number;
  page: number;
  page_size: number;
}

/** Error codes of the identity service (status in brackets). */
export const AUTH_ERRORS = {
  invalidCredentials: 'INVALID_CREDENTIALS', // 401
  accountExists: 'ACCOUNT_EXISTS', // 409
  validation: 'VALIDATION', // 400
  weakPassword: 'WEAK_PASSWORD', // 400: the password policy refused a new password; the message says why
  rateLimited: 'RATE_LIMITED', // 429
  unauthenticated: 'UNAUTHENTICATED', // 401: no token, a bad or expired one
  forbidden: 'FORBIDDEN', // 403: signed in, not allowed
  disabled: 'ACCOUNT_DISABLED', // 403
  sessionExpired: 'SESSION_EXPIRED', // 401: refresh cookie missing, expired, revoked or reused
} as const;

/** Pages of the site that the links in our messages open (the shell routes them to the account remote). */
export const ACCOUNT_LINK_PAGES = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  confirmEmailChange: '/confirm-email-change',
  unlock: '/unlock',
} as const;

/** Where a sign-in link may take its reader afterwards: the page whose sign-in form asked for it. */
export const UNLOCK_NEXT_PAGES = ['/', '/bias-detection', '/admin', '/account'] as const;
export type UnlockNextPage = (typeof UNLOCK_NEXT_PAGES)[number];

/** Error codes of one-time links (reset, e-mail change, sign-in link, verification). */
export const LINK_ERRORS = {
  invalid: 'INVALID_LINK', // 400
  used: 'LINK_USED', // 409
  expired: 'LINK_EXPIRED', // 410
  emailTaken: 'EMAIL_TAKEN', // 409: the new address got an account of its own meanwhile
} as const;

/** What the pages and forms of account recovery say (not in the spec). */
export const RECOVERY_MESSAGES = {
  forgotPassword: 'Forgot password?',
  resetLinkSent: 'If an account uses this address, we have sent it a link to reset the password. The link works for 30 minutes.',
  signInLinkOffer: 'Email me a sign-in link',
  signInLinkSent: 'If an account uses this address, we have sent it a one-time sign-in link. Open it on this device.',
  emailChangeSent: 'We have sent a confirmation link to your new address. Your address changes when you open it.',
} as const;

/** Spec section 5: the browser's first check of any password field. */
export const PASSWORD_MIN_LENGTH = 6;
/**
 * A new password (sign-up, change, reset) must meet identity's policy (issue 27, OWASP ASVS 5.0 V6): at least 8
 * characters and hard to guess. The forms state this rule and check its length before sending, so a reader who
 * follows the hint is never refused for it; signing in keeps the spec's 6.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters, and hard to guess: a few unusual words are strong and easy to remember.`;
/** Past this, a password is a hashing cost, not a secret (and argon2 input is bounded). */
export const PASSWORD_MAX_LENGTH = 256;

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  /** Identity's own words for a new password under NEW_PASSWORD_MIN_LENGTH. */
  newPasswordTooShort: `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: 'Password must be at most 256 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  invalidCredentials: 'Invalid email or password',
  accountExists: 'An account with this email already exists',
  adminOnly: 'This account is not an administrator',
  disabled: 'This account has been disabled. Contact support.',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes before trying again.',
} as const;

/**
 * Service to service (not under /api: the edge does not route it): whether an account exists, is enabled,
 * and its role, for a caller holding the internal token (the decoder, for the owner of an API key).
 */
export const INTERNAL_ACCOUNT_PATH = '/internal/identity/accounts/:user_id';
export const internalAccountPath = (userId: string) => `/internal/identity/accounts/${encodeURIComponent(userId)}`;
export interface InternalAccountResponse {
  success: true;
  account: { role: 'user' | 'admin'; disabled: boolean };
}

/**
 * Service to service (not under /api: the edge does not route it), with the internal token: POST
 * `{ tokens }` (readers' own access tokens, already verified by the asking service), whether each one's
 * session still stands, in one request. The services' session check asks it for a burst of new readers
 * instead of one `me` each. A token whose signature does not verify refuses the whole batch. Internal,
 * because one request makes identity verify up to 100 signatures and read up to 100 accounts.
 */
export const INTERNAL_SESSIONS_CHECK_PATH = '/internal/identity/sessions/check';

/** Most tokens in one sessions check. */
export const SESSIONS_CHECK_MAX = 100;

/** One token's answer in a sessions check, in the order asked: its session stands (with the role now), or why not. */
export type SessionVerdict =
  | { ok: true; user: { id: string; role: 'user' | 'admin' } }
  | { ok: false; status: 401 | 403; code: string; message: string };
