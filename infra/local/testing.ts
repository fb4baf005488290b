// Test support: plain node:http servers standing in for services and remotes, on a port of their own.
import type http from 'node:http';
import type { RunningServer } from './static-server.ts';

export function listenHttp(server: http.Server, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
