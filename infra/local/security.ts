// What the edge tells browsers: the security headers of every answer (one set, the same on a page, a file, an
// error and a service's answer), the Content-Security-Policy of a document (built from configuration and
// /remotes.json only, never from a request header), the features a page may use, and the cookie flag an https
// site needs. Pure functions; the gateway and the remotes' static server set what they return.
import { createHash } from 'node:crypto';

/** A CSP hash source for an inline script, style element or style attribute. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Hashes of the inline scripts of the shell's own index.html (its build writes the theme script there). Only
 * markup we build is hashed: anything a remote puts into a page stays blocked.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => hashSource(match[1] ?? ''));
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** The values of the `style="..."` attributes in markup, as the browser reads (and hashes) them. */
export function styleAttributeValues(html: string): string[] {
  const values = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) =>
    (match[1] ?? '').replace(/&(?:amp|quot|#39|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity),
  );
  return [...new Set(values)];
}

/** The origins of the manifest URLs a remotes.json names (http and https only); none for a broken file. */
export function registryOrigins(registryText: string | undefined): string[] {
  let registry: unknown;
  try {
    registry = JSON.parse(registryText ?? 'null');
  } catch {
    return [];
  }
  if (typeof registry !== 'object' || registry === null || Array.isArray(registry)) return [];
  const origins = new Set<string>();
  for (const value of Object.values(registry)) {
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not a URL: the shell reports it; the policy simply does not name it
    }
  }
  return [...origins].sort();
}

/**
 * The PayPal button of the pricing page (mf-marketing's paypal-subscribe-button) loads PayPal's SDK, which
 * draws its buttons in frames and calls home: the origins PayPal documents for a CSP. Only the pages of PayPal's
 * flow allow them (PAYPAL_PAGES): a script from PayPal's domains has no business on /admin.
 */
export const PAYPAL_SOURCES = {
  script: ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  frame: ['https://*.paypal.com'],
  connect: ['https://*.paypal.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
};

/**
 * The pages of PayPal's flow: /pricing, where its buttons are drawn, and /thank-you, where its approval lands (the
 * SDK's window may still be closing there). The shell loads a fresh document when a reader crosses into or out of
 * these (shell/src/app/document-policy.ts lists the same paths), so each page runs under its own policy.
 */
export const PAYPAL_PAGES: readonly string[] = ['/pricing', '/thank-you'];

/** Whether a page (a path without its query) is one of PayPal's flow. */
export function hasPayPalButton(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAYPAL_PAGES.includes(path.toLowerCase());
}

export interface DocumentPolicyInput {
  /** Where the remotes live (the origins of /remotes.json's manifest URLs). */
  remoteOrigins: string[];
  /** The inline scripts of this document that we wrote (the shell's theme script, the prerender hand-over). */
  scriptHashes: string[];
  /** The stylesheets the edge inlined into this document. */
  styleHashes: string[];
  /** The style attributes of a prerendered page (CSS only: scripts are never hashed from a remote's markup). */
  styleAttributeHashes: string[];
  /** The site is served over https: mixed content is upgraded. */
  https: boolean;
  /** Remotes run by `rspack serve`: their hot-update sockets are allowed. */
  hotReload?: boolean;
  /** A page of PayPal's flow (hasPayPalButton): PayPal's SDK may load, frame and call home. */
  paypal?: boolean;
}

/** The CSP directives of one HTML document: no inline script but the hashed ones, nothing framing us. */
export function documentDirectives(input: DocumentPolicyInput): Record<string, string[]> {
  const remotes = input.remoteOrigins;
  const sockets = input.hotReload ? remotes.map((origin) => origin.replace(/^http/, 'ws')) : [];
  const paypal = input.paypal ? PAYPAL_SOURCES : { script: [], frame: [], connect: [], img: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...paypal.script, ...input.scriptHashes],
    'style-src': ["'self'", ...remotes, ...input.styleHashes],
    'style-src-attr': input.styleAttributeHashes.length > 0 ? ["'unsafe-hashes'", ...input.styleAttributeHashes] : ["'none'"],
    // Avatars are links to images anywhere on the web (the account page takes any https URL).
    'img-src': ["'self'", 'data:', 'https:', ...remotes],
    'media-src': ["'self'", ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...remotes, ...sockets, ...paypal.connect],
    'frame-src': paypal.frame.length > 0 ? [...paypal.frame] : ["'none'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (input.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Every answer that is not a page (JSON, scripts, files): nothing may run, load or frame it. */
export const NON_DOCUMENT_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/**
 * A remote's standalone page (its own origin, 3001-3004 locally): its own scripts, styles and API only, as the
 * shell's page but without other remotes, PayPal or inline script (its build writes none), and never framed.
 */
export const REMOTE_DOCUMENT_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'style-src-attr': ["'none'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'media-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A policy as its header says it: `name source source; name ...`. Sources come from our own code and URL origins. */
export function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Powerful features no page of the site uses, turned off for it and for anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

export interface SecurityHeaderOptions {
  /** The site is served over https: HSTS is sent (never over http, where a browser ignores it anyway). */
  https: boolean;
  /**
   * Who may embed these answers as resources: `same-origin` for the edge; `cross-origin` for a remote's files,
   * which the shell loads from another origin (a CDN's in production).
   */
  resourcePolicy?: 'same-origin' | 'cross-origin';
}

/**
 * The headers every answer carries, errors included (pages replace the Content-Security-Policy with their own).
 * The values helmet gave the edge before, plus the Permissions-Policy, now everywhere.
 */
export function securityHeaders({ https, resourcePolicy = 'same-origin' }: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': policyText(NON_DOCUMENT_DIRECTIVES),
    // PayPal's checkout opens a window that reports back to the page that opened it.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': resourcePolicy,
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Every header name securityHeaders may set: what an upstream says of these is the edge's to decide. */
export const SECURITY_HEADER_NAMES: ReadonlySet<string> = new Set(Object.keys(securityHeaders({ https: true })));

/**
 * A service's answer headers without its own security headers, so the edge's set (already on the reply) stands:
 * services answer as if they were the site (X-Frame-Options SAMEORIGIN, HSTS over http...). Two are kept as
 * the service gave them: a Content-Security-Policy (a page a service renders itself, such as billing's sandbox
 * checkout, knows its own inline style), and a Referrer-Policy of `no-referrer` (stricter than the edge's, for
 * pages whose address is a secret).
 */
export function withoutUpstreamSecurityHeaders<H extends Record<string, unknown>>(headers: H): H {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!SECURITY_HEADER_NAMES.has(lower)) kept[name] = value;
    else if (lower === 'content-security-policy' && value !== undefined) kept[name] = value;
    else if (lower === 'referrer-policy' && String(value).trim().toLowerCase() === 'no-referrer') kept[name] = value;
  }
  return kept as H;
}

/** Set-Cookie values with `Secure` added where a service left it out (the site is https). */
export function secureCookies(values: string | string[]): string[] {
  return (Array.isArray(values) ? values : [values]).map((cookie) =>
    cookie.split(';').some((part) => part.trim().toLowerCase() === 'secure') ? cookie : `${cookie}; Secure`,
  );
}
