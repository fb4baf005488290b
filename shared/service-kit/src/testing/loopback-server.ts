// A test's own HTTP server (a fake provider, a fake model) on a free loopback port.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Stops the server, ending the connections it still holds (kept-alive or hanging on purpose). */
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
