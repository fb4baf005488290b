// The edge container's process: `node infra/edge/server.ts`, configured only by environment (config.ts).
import { edgeConfigSchema } from './config.ts';
import { startEdge } from './edge.ts';
import { configOrExit, log, stopOnSignal } from './process.ts';

const config = configOrExit('edge', edgeConfigSchema);
const edge = await startEdge(config);
log('edge', 'listening', { host: config.HOST, port: edge.port, metricsPort: edge.metricsPort ?? null });
// Requests in flight (a streamed chat answer among them) may finish; new connections are refused.
stopOnSignal('edge', () => edge.drain(config.SHUTDOWN_TIMEOUT_MS));
