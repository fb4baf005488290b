// Before the launcher starts anything: every port it is about to use must be free. A port already taken (an
// earlier launcher's service left running, another program) used to pass unnoticed: the new service failed to
// listen, the old one answered its health check, and the launcher reported a site it was not running.
import net from 'node:net';
import { replicaPortsOf, REMOTES, SERVICES, type Ports } from './topology.ts';

export interface PortUse {
  port: number;
  host: string;
  /** What the launcher runs there (`the identity service`). */
  part: string;
}

/** Every port of the platform, on the address each part listens on (the services on loopback only). */
export function platformPorts(ports: Ports, host: string, replicas = 1): PortUse[] {
  return [
    ...(replicas > 1
      ? SERVICES.flatMap((name) =>
          replicaPortsOf(ports, name, replicas).map((port, i) => ({ port, host: '127.0.0.1', part: `replica ${i + 1} of the ${name} service` })),
        )
      : []),
    { port: ports.gateway, host, part: 'the gateway' },
    { port: ports.gatewayMetrics, host, part: 'the gateway’s metrics' },
    ...REMOTES.map((name) => ({ port: ports.remotes[name], host, part: `the ${name} remote` })),
    ...SERVICES.map((name) => ({ port: ports.services[name], host: '127.0.0.1', part: `the ${name} service` })),
  ];
}

/** Undefined when the port can be listened on, else why not (EADDRINUSE, EACCES...). */
function cannotListen({ port, host }: PortUse): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/** The ports that cannot be listened on, each with its reason. */
export async function unavailablePorts(uses: readonly PortUse[]): Promise<Array<PortUse & { reason: string }>> {
  const reasons = await Promise.all(uses.map(cannotListen));
  return uses.flatMap((use, i) => (reasons[i] ? [{ ...use, reason: reasons[i] }] : []));
}

/** The launcher's refusal, naming each port and what it was for. */
export function portsTakenMessage(taken: ReadonlyArray<PortUse & { reason: string }>): string {
  const list = taken.map(({ port, part, reason }) => `${port} (${part}${reason === 'EADDRINUSE' ? '' : `: ${reason}`})`).join(', ');
  const these = taken.length === 1 ? 'this port is' : 'these ports are';
  return `${these} already in use: ${list}. Is Keisha (or a service of an earlier launcher) still running? Stop it first, or choose other ports (KEISHA_PORT)`;
}
