// Where the gateway sends what it does not answer itself: the services' and in-cluster remotes' base URLs, and
// the remotes registry (remotes.json) that tells the shell where each remote is.
import { readFileSync } from 'node:fs';
import type { GatewayOptions } from './gateway-options.ts';
import { REMOTES, SERVICES, type RemoteName, type ServiceName } from './topology.ts';

/** A base URL for proxying: http(s) only, no query or credentials, ending in `/`. Throws with the offending value. */
export function upstreamBase(value: string, label: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${label} must be an http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${label} must be a plain http(s) base URL, got "${value}"`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

const listOf = <T>(value: T | readonly T[]): readonly T[] => (Array.isArray(value) ? value : [value as T]);

/** Each service's replicas' base URLs (one or more, distinct origins), from serviceUrls or servicePorts. */
export function serviceReplicaBases(options: Pick<GatewayOptions, 'serviceUrls' | 'servicePorts'>): Record<ServiceName, URL[]> {
  const { serviceUrls, servicePorts } = options;
  if (!serviceUrls && !servicePorts) throw new Error('The gateway needs serviceUrls or servicePorts');
  return Object.fromEntries(
    SERVICES.map((name) => {
      const bases = serviceUrls
        ? listOf(serviceUrls[name]).map((url) => upstreamBase(url, `the ${name} service URL`))
        : listOf(servicePorts![name]).map((port) => new URL(`http://127.0.0.1:${port}/`));
      if (bases.length === 0) throw new Error(`The ${name} service needs at least one address`);
      if (new Set(bases.map((base) => base.origin)).size !== bases.length) throw new Error(`The ${name} service's replicas must have distinct addresses`);
      return [name, bases];
    }),
  ) as Record<ServiceName, URL[]>;
}

/** The base URL the proxy names for each service: its first replica's (the dispatcher picks the replica). */
export function serviceBases(options: Pick<GatewayOptions, 'serviceUrls' | 'servicePorts'>): Record<ServiceName, URL> {
  const replicas = serviceReplicaBases(options);
  return Object.fromEntries(SERVICES.map((name) => [name, replicas[name][0]!])) as Record<ServiceName, URL>;
}

export function remoteBases(options: Pick<GatewayOptions, 'remoteUrls'>): Map<RemoteName, URL> {
  const bases = new Map<RemoteName, URL>();
  for (const name of REMOTES) {
    const url = options.remoteUrls?.[name];
    if (url) bases.set(name, upstreamBase(url, `the ${name} remote URL`));
  }
  return bases;
}

/** The registry's text, or undefined when there is none to give (no remotesFile readable, no remotePorts). */
export function remotesJson(options: Pick<GatewayOptions, 'remotesFile' | 'remotePorts'>, publicOrigin: URL): string | undefined {
  if (options.remotesFile) {
    try {
      return readFileSync(options.remotesFile, 'utf8');
    } catch {
      // not there (yet): the default, when there is one
    }
  }
  const ports = options.remotePorts;
  if (!ports) return undefined;
  const entries = Object.fromEntries(REMOTES.map((name) => [name, `${publicOrigin.protocol}//${publicOrigin.hostname}:${ports[name]}/mf-manifest.json`]));
  return JSON.stringify(entries, null, 2);
}

/** The remote a `/remotes/<name>/...` path names, and the rest of the path after its prefix. */
export function proxiedRemotePath(pathname: string): { name: RemoteName; rest: string } | undefined {
  const match = /^\/remotes\/([a-z]+)\/(.*)$/s.exec(pathname);
  const name = match?.[1] as RemoteName | undefined;
  return match && name && (REMOTES as readonly string[]).includes(name) ? { name, rest: match[2] ?? '' } : undefined;
}

/**
 * Where the gateway itself reads a remote's files: straight from the remote when its public base is one the
 * gateway serves at `/remotes/<name>/` on the site's own origin (no round trip through the ingress).
 */
export function fetchBaseOf(remoteBase: string, siteOrigin: string, remotes: Map<RemoteName, URL>): string {
  const url = new URL(remoteBase);
  if (url.origin !== siteOrigin) return remoteBase;
  const proxied = proxiedRemotePath(url.pathname);
  const base = proxied && remotes.get(proxied.name);
  return base ? new URL(proxied.rest, base).href : remoteBase;
}
