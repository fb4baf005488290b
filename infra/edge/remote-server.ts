// A remote's container process: its build folder served with the same headers as the local run
// (CORS for the shell's origin, manifests revalidated, hashed chunks cached for a year).
import { startStaticServer } from '../local/static-server.ts';
import { remoteServerConfigSchema } from './config.ts';
import { configOrExit, log, stopOnSignal } from './process.ts';

const config = configOrExit('remote', remoteServerConfigSchema);
const server = await startStaticServer(config.STATIC_DIR, config.PORT, config.HOST);
log('remote', 'listening', { host: config.HOST, port: server.port, dir: config.STATIC_DIR });
// Static answers are short; the pod has left the Service's endpoints before SIGTERM (the preStop pause).
stopOnSignal('remote', () => server.close());
