// What the edge tells browsers about its pages: the Content-Security-Policy of a document (built from
// configuration and /remotes.json only, never from a request header), the features a page may use, and
// the cookie flag an https site needs. Pure functions; the gateway hands the policies to @fastify/helmet.
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
 * draws its buttons in frames and calls home: the origins PayPal documents for a CSP.
 */
export const PAYPAL_SOURCES = {
  script: ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  frame: ['https://*.paypal.com'],
  connect: ['https://*.paypal.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
};

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
}

/** The CSP directives of one HTML document: no inline script but the hashed ones, nothing framing us. */
export function documentDirectives(input: DocumentPolicyInput): Record<string, string[]> {
  const remotes = input.remoteOrigins;
  const sockets = input.hotReload ? remotes.map((origin) => origin.replace(/^http/, 'ws')) : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...PAYPAL_SOURCES.script, ...input.scriptHashes],
    'style-src': ["'self'", ...remotes, ...input.styleHashes],
    'style-src-attr': input.styleAttributeHashes.length > 0 ? ["'unsafe-hashes'", ...input.styleAttributeHashes] : ["'none'"],
    // Avatars are links to images anywhere on the web (the account page takes any https URL).
    'img-src': ["'self'", 'data:', 'https:', ...remotes],
    'media-src': ["'self'", ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...remotes, ...sockets, ...PAYPAL_SOURCES.connect],
    'frame-src': [...PAYPAL_SOURCES.frame],
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

/** Set-Cookie values with `Secure` added where a service left it out (the site is https). */
export function secureCookies(values: string | string[]): string[] {
  return (Array.isArray(values) ? values : [values]).map((cookie) =>
    cookie.split(';').some((part) => part.trim().toLowerCase() === 'secure') ? cookie : `${cookie}; Secure`,
  );
}
