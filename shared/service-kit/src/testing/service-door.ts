// A door in front of one of our services, for tests of the service that calls it: it forwards every request as
// is, and the test can close it (each connection is then dropped, as when the service is down), point it at
// another instance, or read which paths were asked.
import { createServer, request as httpRequest } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';

export interface ServiceDoor {
  /** `open` false: connections are dropped. `target`: where requests go. `asked`: the request paths, in order. */
  state: { open: boolean; target: string; asked: string[] };
  url: string;
  close(): Promise<void>;
}

export async function serviceDoor(target: string): Promise<ServiceDoor> {
  const state = { open: true, target, asked: [] as string[] };
  const server = createServer((incoming, answer) => {
    state.asked.push(incoming.url ?? '');
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
