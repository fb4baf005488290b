// The production edge: the gateway of the local run, configured for a cluster (services and in-cluster
// remotes by URL, the registry from a mounted file, the ingress as a trusted proxy).
import { tracingSettingsFrom } from '@keisha/telemetry';
import { startGateway, type RunningGateway } from '../local/gateway.ts';
import { REMOTES, type RemoteName } from '../local/topology.ts';
import { REMOTE_URL_VARIABLES, type EdgeConfig } from './config.ts';

export function startEdge(config: EdgeConfig): Promise<RunningGateway> {
  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTES) {
    const url = config[REMOTE_URL_VARIABLES[name]];
    if (typeof url === 'string') remoteUrls[name] = url;
  }
  return startGateway({
    port: config.PORT,
    host: config.HOST,
    shellDir: config.SHELL_DIR,
    remotesFile: config.REMOTES_FILE,
    serviceUrls: {
      identity: config.IDENTITY_URL,
      decoder: config.DECODER_URL,
      chat: config.CHAT_URL,
      billing: config.BILLING_URL,
    },
    remoteUrls,
    marketingDir: config.MARKETING_DIR,
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY.split(',').map((entry) => entry.trim()).filter(Boolean),
    metricsPort: config.METRICS_PORT,
    ...(config.UPSTREAM_TIMEOUT_MS === undefined ? {} : { upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS }),
    tracing: tracingSettingsFrom(config),
  });
}
