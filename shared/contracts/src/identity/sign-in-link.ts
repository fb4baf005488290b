// A link into the News Decoder that opens its account dialog, and after the reader signs in, goes back to the
// page they came from: /pricing sends a guest this way to subscribe (the plan belongs to an account), where it
// used to tell them that Sign In "is at the top of the News Decoder". Built by the page that links, read by the
// decoder.

export type SignInLinkMode = 'sign-in' | 'create-account';

/** The decoder's path (the shell's /bias-detection). */
const DECODER_PATH = '/bias-detection';

/**
 * Only a path of this site: one "/" then no second, no backslash, no scheme, no control or space characters,
 * so a crafted link cannot send a reader elsewhere after they sign in.
 */
export function isSafeReturnPath(path: string): boolean {
  return /^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(path) && path.length <= 512;
}

export function signInLink(next: string, mode: SignInLinkMode = 'sign-in'): string {
  const query = new URLSearchParams({ account: mode });
  if (isSafeReturnPath(next)) query.set('next', next);
  return `${DECODER_PATH}?${query.toString()}`;
}

/** What a decoder URL's query asks for: the dialog's mode and where to go after signing in (null: stay). */
export function readSignInLink(search: string): { mode: SignInLinkMode; next: string | null } | null {
  const query = new URLSearchParams(search);
  const mode = query.get('account');
  if (mode !== 'sign-in' && mode !== 'create-account') return null;
  const next = query.get('next');
  return { mode, next: next !== null && isSafeReturnPath(next) ? next : null };
}
