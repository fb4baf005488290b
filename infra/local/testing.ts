// Test support: plain node:http servers standing in for services and remotes, on a port of their own, and a
// client that keeps an answer's bytes as sent.
import http from 'node:http';
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

/** A GET whose body is kept as the bytes sent (fetch would decode a compressed one), with the answer's headers. */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
