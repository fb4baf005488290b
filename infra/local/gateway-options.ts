// What the gateway is told when it starts (gateway.ts), in a module of its own so that the gateway's parts
// (upstreams.ts, proxy.ts, pages.ts...) read it without importing the gateway back.
import type { TracingSettings } from '@keisha/telemetry';
import type { RemoteName, ServiceName } from './topology.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  shellDir: string;
  /**
   * The site's origin as readers reach it (`https://keisha.example`, `http://localhost:3000`). It is the only
   * source of the site's address: canonical URLs, the default remotes.json and X-Forwarded-Host come from it,
   * never from a request's Host header. An https origin also turns on HSTS and `Secure` cookies.
   */
  publicOrigin: string;
  /**
   * Where each remote's manifest is served from (its own port on the public origin's host), for the default
   * remotes.json. Without it, and without a readable remotesFile, /remotes.json answers 503.
   */
  remotePorts?: Record<RemoteName, number>;
  /**
   * The services on 127.0.0.1 (the local run): a port, or one per replica (`npm start -- --replicas N`), among
   * which requests are spread (replica-pool.ts).
   */
  servicePorts?: Record<ServiceName, number | readonly number[]>;
  /**
   * The services' base URLs (`http://identity:4001` in a cluster), used instead of servicePorts when given: one, or
   * one per replica.
   */
  serviceUrls?: Record<ServiceName, string | readonly string[]>;
  /**
   * Remotes served through the gateway at `/remotes/<name>/` (the in-cluster option, where the ingress
   * reaches only the edge): their base URLs. The gateway also reads a prerender index from there directly.
   */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /**
   * Addresses or CIDR ranges of the proxies in front of the gateway (the ingress controller). From those
   * peers, X-Forwarded-For and -Proto are believed; from anyone else they are replaced.
   */
  trustProxy?: string[];
  /** The marketing build, which owns robots.txt and sitemap.xml for the whole site. */
  marketingDir?: string;
  /**
   * A remotes.json to serve as is instead of the default, re-read on every request: re-pointing a
   * remote is editing this file, with no shell rebuild and no restart.
   */
  remotesFile?: string;
  /** Remotes run by `rspack serve` (npm run dev): pages may open their hot-reload sockets. */
  hotReload?: boolean;
  /** How long a client may take to send a whole request (headers and body) before it gets 408. */
  requestTimeoutMs?: number;
  /**
   * How long every service and remote may take to start answering (its headers) before the reader gets 504,
   * instead of the budgets of upstream-budgets.ts (10 s for identity ... 90 s for the chat); a streamed answer may
   * then take as long as it needs. 0: no limit.
   */
  upstreamTimeoutMs?: number;
  /** One service's budget, over `upstreamTimeoutMs` and the default; 0: no limit. */
  upstreamTimeouts?: Partial<Record<ServiceName, number>>;
  /**
   * The port of the Prometheus metrics listener (GET /metrics), apart from the public one, which answers 404
   * there. Unset: no metrics listener. 0: any free port (tests).
   */
  metricsPort?: number;
  /** Where the metrics listener binds; by default where the public one does. */
  metricsHost?: string;
  /**
   * Trace export (OTLP/HTTP) and sampling. Without an export URL, traces are still started and passed to the
   * services (their logs carry the ids), but nothing is recorded.
   */
  tracing?: Partial<TracingSettings>;
}

/** The edge's error answers, in the services' shape. */
export function errorBody(code: string, message: string) {
  return { success: false, error: { code, message } };
}
