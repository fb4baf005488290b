// A door in front of one of our services, for tests of the service that calls it: it forwards every request as
// is, and the test can close it (each connection is then dropped, as when the service is down), hold it (requests
// wait, as for a slow service, until the test lets them through), point it at another instance, or read which paths
// were asked.
import { createServer, request as httpRequest } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';

export interface ServiceDoor {
  /**
   * `open` false: connections are dropped. `held`: while set, each request waits for it before it is forwarded.
   * `target`: where requests go. `asked`: the request paths, in order (a held request is listed when it arrives).
   */
  state: { open: boolean; held?: Promise<void>; target: string; asked: string[] };
  url: string;
  close(): Promise<void>;
}

export async function serviceDoor(target: string): Promise<ServiceDoor> {
  const state: ServiceDoor['state'] = { open: true, target, asked: [] };
  const server = createServer(async (incoming, answer) => {
    state.asked.push(incoming.url ?? '');
    if (state.held) await state.held;
    if (!state.open) return void incoming.socket.destroy();
    const forward = httpRequest(new URL(incoming.url ?? '/', state.target), { method: incoming.method, headers: incoming.headers }, (reply) => {
      answer.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(answer);
    });
    forward.on('error', () => answer.destroy());
    incoming.pipe(forward);
  });
  const listening = await listenOnLoopback(server);
  return { state, url: listening.origin, close: () => listening.close() };
}
