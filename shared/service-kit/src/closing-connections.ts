// Lets a closing service finish in about a second instead of a minute. Fastify's close ends the connections
// that are idle at that moment (forceCloseConnections: 'idle'); two kinds stay open, and hold the close, the
// database's close after it and the process's exit:
// - a keep-alive connection whose answer is sent after the close began: idle from then on, kept until its
//   keep-alive time-out (72 s in Fastify);
// - a connection opened and not yet used: a client's pool opens these (undici does after an aborted request,
//   measured in the decoder's reader-gone test), and Node counts it as waiting for request headers, which
//   closeIdleConnections leaves alone, until its headers time-out (60 s).
// Under runService, the 10 s forced exit then cut the close short, with an error, on every such restart.
// From the start of a close, the first kind is ended as soon as it is idle, and the second after `graceMs`.
// During the grace a request it carries still reaches the service and gets the closing refusal (503
// SHUTTING_DOWN, app.ts), which the edge sends to another replica; a request in flight is answered in full.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ClosingConnectionsOptions {
  /** How long an unused connection may stay open once the close has begun. */
  graceMs?: number;
  /** How often the open connections are looked at while the close waits for them. */
  everyMs?: number;
}

/** Watches `server`'s connections from now on: `begin` as the close begins, `stop` once it has ended. */
export function endConnectionsOnClose(server: Server, options: ClosingConnectionsOptions = {}): { begin(): void; stop(): void } {
  const graceMs = options.graceMs ?? 1000;
  const everyMs = options.everyMs ?? 100;
  // Each open connection, with the number of its requests not yet answered.
  const open = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, 0);
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    if (!open.has(socket)) return;
    open.set(socket, open.get(socket)! + 1);
    response.once('close', () => {
      const waiting = open.get(socket);
      if (waiting !== undefined) open.set(socket, Math.max(0, waiting - 1));
    });
  });

  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    begin() {
      if (timer) return;
      const began = Date.now();
      timer = setInterval(() => {
        server.closeIdleConnections();
        if (Date.now() - began < graceMs) return;
        for (const [socket, waiting] of open) if (waiting === 0) socket.destroy();
      }, everyMs);
      timer.unref();
      server.once('close', stop);
    },
    stop,
  };
}
