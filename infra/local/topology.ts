// Names and ports of every part of the local platform. One place, read by the launcher, gateway and tests.
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where the embedded databases and logs live unless told otherwise: `.data` at the repository's root. */
export function dataDirOf(dataDir: string | undefined): string {
  return path.resolve(dataDir ?? path.join(REPO_ROOT, '.data'));
}

export const REMOTES = ['marketing', 'decoder', 'chat', 'account'] as const;
export type RemoteName = (typeof REMOTES)[number];
export const SERVICES = ['identity', 'decoder', 'chat', 'billing'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const REMOTE_DIRS: Record<RemoteName, string> = {
  marketing: 'mf-marketing',
  decoder: 'mf-decoder',
  chat: 'mf-chat',
  account: 'mf-account',
};

/**
 * Which service answers which /api path (ARCHITECTURE.md, "Who owns which call"). Longest prefix wins.
 * A prefix matches the path itself and anything below it.
 */
export const API_ROUTES: Array<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/waitlist', service: 'identity' },
  { prefix: '/api/bias-auth', service: 'identity' },
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/profiles', service: 'identity' },
  { prefix: '/api/identity', service: 'identity' },
  { prefix: '/api/bias-analysis', service: 'decoder' },
  { prefix: '/api/chatgpt-bias-analysis', service: 'decoder' },
  { prefix: '/api/bias-usage', service: 'decoder' },
  { prefix: '/api/analytics', service: 'decoder' },
  { prefix: '/api/decoder', service: 'decoder' },
  { prefix: '/api/v1', service: 'decoder' },
  { prefix: '/api/chat', service: 'chat' },
  { prefix: '/api/bias-payment', service: 'billing' },
  { prefix: '/api/create-checkout-session', service: 'billing' },
  { prefix: '/api/enterprise-demo-request', service: 'billing' },
  { prefix: '/api/billing', service: 'billing' },
];

/** The API route a path belongs to (its prefix names it in traces: a fixed set, unlike paths), if any. */
export function apiRouteFor(pathname: string): { prefix: string; service: ServiceName } | undefined {
  let best: { prefix: string; service: ServiceName } | undefined;
  for (const route of API_ROUTES) {
    const matches = pathname === route.prefix || pathname.startsWith(`${route.prefix}/`);
    if (matches && (!best || route.prefix.length > best.prefix.length)) best = route;
  }
  return best;
}

export function serviceForPath(pathname: string): ServiceName | undefined {
  return apiRouteFor(pathname)?.service;
}

export interface Ports {
  gateway: number;
  /** The gateway's Prometheus metrics, on a listener of their own: never the public port. */
  gatewayMetrics: number;
  remotes: Record<RemoteName, number>;
  services: Record<ServiceName, number>;
}

/**
 * Gateway on `base`, remotes on base+1..4, services on base+1001..1004 (3000 -> 3001-3004, 4001-4004), and the
 * gateway's metrics on base+1000 (4000).
 */
export function portsFrom(base: number): Ports {
  return {
    gateway: base,
    gatewayMetrics: base + 1000,
    remotes: { marketing: base + 1, decoder: base + 2, chat: base + 3, account: base + 4 },
    services: { identity: base + 1001, decoder: base + 1002, chat: base + 1003, billing: base + 1004 },
  };
}

/** The most replicas of each service `npm start -- --replicas N` runs. */
export const MAX_REPLICAS = 8;

/**
 * The ports of a service's replicas. One replica: the service's own port. N replicas: base+1011+10*(i-1) and so
 * on for identity (3000 -> 4011, 4021, 4031), base+1012... for decoder; the service's own port (4001) is then
 * the balancer the other services call (service-balancer.ts).
 */
export function replicaPortsOf(ports: Ports, name: ServiceName, replicas: number): number[] {
  if (replicas <= 1) return [ports.services[name]];
  return Array.from({ length: replicas }, (_, i) => ports.services[name] + 10 * (i + 1));
}
