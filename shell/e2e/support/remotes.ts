// Helpers for tests that re-point, stop or break remotes, the way an operator or an outage would.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { startStaticServer, type RunningServer } from '../../../infra/local/static-server.ts';
import { portsFrom, REMOTES, REPO_ROOT, type RemoteName } from '../../../infra/local/topology.ts';
import { E2E_BASE_PORT, E2E_REMOTES_FILE } from './platform-env.ts';

export const ports = portsFrom(E2E_BASE_PORT);

export function defaultRemotes(): Record<RemoteName, string> {
  return Object.fromEntries(
    REMOTES.map((name) => [name, `http://localhost:${ports.remotes[name]}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
}

/** Writes the registry the gateway serves as /remotes.json (raw text allows malformed files). */
export function writeRemotes(content: Record<string, unknown> | string): void {
  writeFileSync(E2E_REMOTES_FILE, typeof content === 'string' ? content : JSON.stringify(content));
}

export function resetRemotes(): void {
  rmSync(E2E_REMOTES_FILE, { force: true });
}

export function remoteDist(name: RemoteName): string {
  return path.join(REPO_ROOT, `mf-${name}`, 'dist');
}

/** Serves a copy of a remote's build from a new port, like a second deployment of it. */
export async function serveCopyOf(name: RemoteName, port = 0): Promise<RunningServer & { dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `keisha-${name}-copy-`));
  cpSync(remoteDist(name), dir, { recursive: true });
  const server = await startStaticServer(dir, port);
  return { ...server, dir };
}

/** A server that accepts connections and never answers: a remote that hangs. */
export async function startHangingServer(): Promise<RunningServer> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(() => {
    // never respond
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
