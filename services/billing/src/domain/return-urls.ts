// Where a provider may send the browser back to. Only paths on this site ('/payment/success') or
// URLs on an allow-listed origin pass, so a checkout can never be turned into an open redirect.
// Pure: the allow-list is given.

const SAME_SITE_BASE = 'http://same-site.invalid';
const MAX_URL_LENGTH = 2048;
// Control characters, spaces and backslashes: browsers "fix" them in ways that change the origin.
const UNSAFE = /[\u0000-\u0020\u007f\\]/;

export type CheckedUrl = { ok: true; url: string; relative: boolean } | { ok: false };

/** Origins of an allow-list (`https://keisha.example`, ...), normalised; invalid entries dropped. */
export function normaliseOrigins(list: string[]): string[] {
  const origins = new Set<string>();
  for (const entry of list) {
    try {
      const url = new URL(entry.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return [...origins];
}

export function checkReturnUrl(value: string, allowedOrigins: string[]): CheckedUrl {
  const candidate = value.trim();
  if (!candidate || candidate.length > MAX_URL_LENGTH || UNSAFE.test(candidate)) return { ok: false };
  if (candidate.startsWith('/')) {
    // '//evil.example' and '/\evil.example' are other sites to a browser.
    if (candidate.startsWith('//')) return { ok: false };
    let url: URL;
    try {
      url = new URL(candidate, SAME_SITE_BASE);
    } catch {
      return { ok: false };
    }
    if (url.origin !== SAME_SITE_BASE) return { ok: false };
    return { ok: true, url: `${url.pathname}${url.search}${url.hash}`, relative: true };
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false };
  if (url.username || url.password) return { ok: false };
  if (!allowedOrigins.includes(url.origin)) return { ok: false };
  return { ok: true, url: url.href, relative: false };
}

const PLACEHOLDERS = ['CHECKOUT_SESSION_ID', 'SUBSCRIPTION_ID'];

/**
 * Puts the checkout's id into a checked return URL: `{CHECKOUT_SESSION_ID}` or `{SUBSCRIPTION_ID}` is
 * replaced where it appears; otherwise `param=<id>` is added, unless the URL already has it.
 */
export function withCheckoutReference(checkedUrl: string, param: string, id: string): string {
  let replaced = false;
  let result = checkedUrl;
  for (const name of PLACEHOLDERS) {
    for (const token of [`{${name}}`, `%7B${name}%7D`, `%7b${name}%7d`]) {
      if (result.includes(token)) {
        result = result.split(token).join(encodeURIComponent(id));
        replaced = true;
      }
    }
  }
  if (replaced) return result;
  const relative = result.startsWith('/');
  const url = new URL(result, SAME_SITE_BASE);
  if (!url.searchParams.has(param)) url.searchParams.set(param, id);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** An absolute URL for a provider that needs one (Coinbase): same-site paths resolve against the site. */
export function absoluteUrl(checkedUrl: string, publicBaseUrl: string): string {
  return new URL(checkedUrl, publicBaseUrl).href;
}

/** The origin of a checked URL, or null for a same-site path (what a page's CSP form-action must allow). */
export function originOf(checkedUrl: string): string | null {
  return checkedUrl.startsWith('/') ? null : new URL(checkedUrl).origin;
}
