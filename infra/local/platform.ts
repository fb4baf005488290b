// Starts the whole platform on one machine: four services as processes, four remotes and the gateway.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { tracingSettingsFromEnv } from '@keisha/telemetry';
import { spawnTiedNode, type TiedSpawnOptions } from './child-processes.ts';
import { startGateway, type RunningGateway } from './gateway.ts';
import { openLogFile, writeOutputTo, type LogFile } from './log-file.ts';
import { platformPorts, portsTakenMessage, unavailablePorts } from './port-check.ts';
import { findRedisServer, startLocalRedis, type LocalRedis } from './local-redis.ts';
import { startServiceBalancer } from './service-balancer.ts';
import { startStaticServer, type RunningServer } from './static-server.ts';
import { stopChild, supervise, type RestartPolicy, type Supervised } from './supervisor.ts';
import {
  dataDirOf,
  MAX_REPLICAS,
  portsFrom,
  REMOTE_DIRS,
  REMOTES,
  replicaPortsOf,
  REPO_ROOT,
  SERVICES,
  type Ports,
  type RemoteName,
  type ServiceName,
} from './topology.ts';
import { serviceBudgets, type UpstreamBudgetOptions } from './upstream-budgets.ts';

export interface PlatformOptions extends UpstreamBudgetOptions {
  /** Gateway port; the others follow (see portsFrom). */
  basePort?: number;
  host?: string;
  /** Embedded databases and logs live here; survives restarts. */
  dataDir?: string;
  /** Apps to run with hot reload (rspack serve) instead of from their build folder. */
  devApps?: string[];
  /** Restart services when their source changes. */
  watchServices?: boolean;
  remotesFile?: string;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For the gateway believes; none by default. */
  trustProxy?: string[];
  /** Extra environment for every service (DATABASE_URL, provider keys...). */
  serviceEnv?: NodeJS.ProcessEnv;
  /** Where service output goes: a log file per service (default) or this process's console. */
  serviceLogs?: 'file' | 'console';
  log?: (line: string) => void;
  /** How a service that crashes or is killed is started again (default: DEFAULT_RESTART_POLICY). */
  restartPolicy?: RestartPolicy;
  /**
   * How many processes of each service (default 1). With more than one, the edge spreads requests over them and
   * routes around one that is down, each is restarted on its own, and they need one database (DATABASE_URL).
   */
  replicas?: number;
}

export interface Platform {
  ports: Ports;
  url: string;
  dataDir: string;
  /** Stops one service process for good (tests use it to show what a user sees when a part is down). */
  stopService(name: ServiceName): Promise<void>;
  /** The process id of a service as it runs now (it changes when the launcher restarts the service); its first replica's. */
  servicePid(name: ServiceName): number | undefined;
  /** Each replica's process id as it runs now, and its port. */
  replicasOf(name: ServiceName): Array<{ pid: number | undefined; port: number }>;
  /**
   * Restarts a service's replicas one at a time: each is taken out of the edge's rotation, its requests in
   * flight answered, stopped (SIGTERM), started again and waited for (/health/ready) before it is put back and
   * the next one goes. With one replica the service is simply restarted (it is down meanwhile).
   */
  rollingRestart(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How long a part may take to say it is ready. 90 s by default; KEISHA_READY_TIMEOUT_MS raises it on a machine
 * that is busy with other work (at load 40-50 on 2 cores, identity on PGlite took up to 80 s to start).
 */
const READY_TIMEOUT_MS = Math.max(1000, Number(process.env.KEISHA_READY_TIMEOUT_MS) || 90_000);

/** The platform's own redis-server, when replicas need one: base port + 1379 (3000 -> 4379). */
const localRedisPort = (ports: Ports) => ports.gateway + 1379;

/**
 * Why these replicas cannot run, or undefined. Replicas of a service must share its database: the embedded
 * PGlite is one folder per service that one process at a time may open.
 */
export function replicasProblem(replicas: number, env: NodeJS.ProcessEnv): string | undefined {
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) {
    return `The number of replicas must be a whole number from 1 to ${MAX_REPLICAS}, got "${replicas}"`;
  }
  if (replicas > 1 && !env.DATABASE_URL) {
    return (
      `${replicas} replicas of each service need one database they all use: the embedded PostgreSQL (the default) or a ` +
      'PostgreSQL server at DATABASE_URL (for example DATABASE_URL=postgres://127.0.0.1:5432/keisha). A PGlite per service ' +
      '(KEISHA_EMBEDDED_DATABASE=pglite, or when the embedded server cannot run) is a folder that only one process can open.'
    );
  }
  return undefined;
}

/**
 * A line on the launcher's own console. It is best effort: a console that cannot be written (a closed terminal,
 * output redirected to a full disk) must not stop the site.
 */
function echo(text: string): void {
  try {
    process.stderr.write(text);
  } catch {
    // nowhere to say it
  }
}

async function waitForReady(url: string, child: ChildProcess | undefined, label: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode} before it was ready`);
    if (child && child.signalCode !== null) throw new Error(`${label} was stopped by ${child.signalCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${label} was not ready within ${READY_TIMEOUT_MS / 1000} s (${url})`);
}

export interface ServiceProcessOptions extends Omit<TiedSpawnOptions, 'output'> {
  /** Prefixes what it prints outside its JSON log lines on the launcher's console. */
  name: string;
  /** Where its output goes: its log file, or the launcher's console. */
  logs: LogFile | 'console';
}

/** `node <args>` as the launcher runs a service: tied to the launcher, its output in its log file. */
export function spawnServiceProcess(args: readonly string[], options: ServiceProcessOptions): ChildProcess {
  const { name, logs, ...spawnOptions } = options;
  const child = spawnTiedNode(args, { ...spawnOptions, output: 'pipe' });
  if (logs === 'console') {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
    return child;
  }
  writeOutputTo(child, logs);
  child.stderr?.on('data', (chunk: Buffer) => {
    // Configuration errors and crashes are printed, not only logged.
    const text = chunk.toString();
    if (!text.trimStart().startsWith('{')) echo(`[${name}] ${text}`);
  });
  return child;
}

/**
 * The environment of a service as the launcher starts it: the launcher's own, the caller's extras, and where
 * everything is. Services run as in production (NODE_ENV), but the local run keeps billing's offline sandbox
 * checkout on unless PAYMENTS_SANDBOX says otherwise: billing turns it off by default in production.
 */
export function serviceEnvironment(
  name: ServiceName,
  { ports, dataDir, serviceEnv, parentEnv = process.env }: { ports: Ports; dataDir: string; serviceEnv?: NodeJS.ProcessEnv; parentEnv?: NodeJS.ProcessEnv },
): NodeJS.ProcessEnv {
  const env = { ...parentEnv, ...serviceEnv };
  return {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(ports.services[name]),
    IDENTITY_URL: `http://127.0.0.1:${ports.services.identity}`,
    PUBLIC_URL: parentEnv.PUBLIC_URL ?? `http://localhost:${ports.gateway}`, // the links in identity's mail
    BILLING_URL: `http://127.0.0.1:${ports.services.billing}`,
    DECODER_URL: `http://127.0.0.1:${ports.services.decoder}`, // identity's newsletter asks it for the term of the day
    CHAT_URL: `http://127.0.0.1:${ports.services.chat}`, // identity asks it to erase a deleted account's conversations
    DATA_DIR: path.join(dataDir, name),
    NODE_ENV: parentEnv.NODE_ENV ?? 'production',
    PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX || 'on',
  };
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const ports = portsFrom(options.basePort ?? 3000);
  const replicas = options.replicas ?? 1;
  const problem = replicasProblem(replicas, { ...process.env, ...options.serviceEnv });
  if (problem) throw new Error(problem);
  const replicaPorts = Object.fromEntries(SERVICES.map((name) => [name, replicaPortsOf(ports, name, replicas)])) as Record<ServiceName, number[]>;
  const replicaLabel = (name: ServiceName, index: number) => (replicas > 1 ? `service:${name}#${index + 1}` : `service:${name}`);
  const host = options.host ?? '127.0.0.1';
  const dataDir = dataDirOf(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  const log = options.log ?? ((line: string) => console.log(line));
  const devApps = new Set(options.devApps ?? []);
  // Replicas share their rate limits through Redis: REDIS_URL, or a redis-server of the platform's own.
  const redisBinary = replicas > 1 && !{ ...process.env, ...options.serviceEnv }.REDIS_URL ? findRedisServer() : undefined;
  if (replicas > 1 && !{ ...process.env, ...options.serviceEnv }.REDIS_URL && !redisBinary) {
    log(`! ${replicas} replicas without REDIS_URL and no redis-server installed: each replica counts its own rate limits (up to ${replicas} times each documented limit); set REDIS_URL to share them`);
  }
  let localRedis: LocalRedis | undefined;
  const children = new Map<string, ChildProcess>();
  const servers: RunningServer[] = [];
  // Each replica of each service, by its label (`service:identity`, or `service:identity#2` with replicas).
  const supervised = new Map<string, Supervised>();
  let gateway: RunningGateway | undefined;
  // One file per service for the platform's life (a restarted service appends to it); opened, and its folder
  // made, by openLogFile, which says so and carries on when the disk cannot take them.
  const logFiles = new Map<string, LogFile>();
  const logFileOf = (name: ServiceName, index: number): LogFile => {
    const file = replicas > 1 ? `${name}-${index + 1}` : name;
    let opened = logFiles.get(file);
    if (!opened) {
      opened = openLogFile(path.join(logDir, `${file}.log`), { label: replicaLabel(name, index), say: log });
      logFiles.set(file, opened);
    }
    return opened;
  };

  const stop = async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all([...supervised.values()].map((s) => s.stop()));
    await Promise.all([...children.values()].map((child) => stopChild(child)));
    await Promise.all([...logFiles.values()].map((file) => file.close()));
    await localRedis?.stop();
  };

  // Nothing is started while one of its ports is taken: the part already there would answer for the one that failed.
  const taken = await unavailablePorts([
    ...platformPorts(ports, host, replicas),
    ...(redisBinary ? [{ port: localRedisPort(ports), host: '127.0.0.1', part: 'the shared store (redis-server)' }] : []),
  ]);
  if (taken.length > 0) throw new Error(portsTakenMessage(taken));

  try {
    if (redisBinary) {
      localRedis = await startLocalRedis(redisBinary, localRedisPort(ports));
      log(`Shared store for the replicas' limits: ${path.basename(redisBinary)} at ${localRedis.url} (nothing kept on disk)`);
    }
    // Services: each its own process, its own port, its own embedded database folder (or, as replicas, N
    // processes each on its own port, sharing DATABASE_URL).
    // With replicas, the first of each service starts alone and is waited for: it runs the migrations and makes
    // what a service creates on its first start (identity's signing key: replicas starting together each made
    // one and trusted only their own, so a token from one was refused by another). The others start after.
    for (const name of SERVICES) children.set(replicaLabel(name, 0), spawnService(name, 0));
    if (replicas > 1) {
      await Promise.all(
        SERVICES.map((name) =>
          waitForReady(`http://127.0.0.1:${replicaPorts[name][0]}/health/ready`, children.get(replicaLabel(name, 0)), replicaLabel(name, 0).slice('service:'.length)),
        ),
      );
      for (const name of SERVICES) {
        for (let index = 1; index < replicas; index++) children.set(replicaLabel(name, index), spawnService(name, index));
      }
    }

    // Remotes: each served from its own port, as it would be from its own CDN origin.
    for (const name of REMOTES) {
      const dir = path.join(REPO_ROOT, REMOTE_DIRS[name]);
      if (devApps.has(REMOTE_DIRS[name]) || devApps.has(name)) {
        children.set(`remote:${name}`, spawnDevServer(dir, ports.remotes[name]));
      } else {
        const dist = path.join(dir, 'dist');
        if (!existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${REMOTE_DIRS[name]} is not built (run npm run build)`);
        servers.push(await startStaticServer(dist, ports.remotes[name], host));
      }
    }

    const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
    if (!existsSync(path.join(shellDist, 'index.html'))) throw new Error('shell is not built (run npm run build)');
    gateway = await startGateway({
        port: ports.gateway,
        host,
        publicOrigin: `http://localhost:${ports.gateway}`,
        hotReload: devApps.size > 0,
        shellDir: shellDist,
        marketingDir: path.join(REPO_ROOT, REMOTE_DIRS.marketing, 'dist'),
        remotePorts: ports.remotes,
        servicePorts: replicas > 1 ? replicaPorts : ports.services,
        remotesFile: options.remotesFile,
        ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
        // Prometheus scrapes the gateway here (base port + 1000), never on the public port.
        metricsPort: ports.gatewayMetrics,
        // The services read the same OTEL_* variables from the environment they inherit.
        tracing: tracingSettingsFromEnv({ ...process.env, ...options.serviceEnv }),
        ...(options.upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs: options.upstreamTimeoutMs }),
        ...(options.upstreamTimeouts ? { upstreamTimeouts: options.upstreamTimeouts } : {}),
    });
    servers.push(gateway);
    // The other services call a service at its own port: with replicas, a balancer there shares the edge's pool.
    if (replicas > 1) {
      const budgets = serviceBudgets(options);
      for (const name of SERVICES) {
        servers.push(await startServiceBalancer({ name, port: ports.services[name], pool: gateway.replicaPool(name)!, budgetMs: budgets[name] }));
      }
    }

    await Promise.all([
      ...SERVICES.flatMap((name) =>
        replicaPorts[name].map((port, index) =>
          waitForReady(`http://127.0.0.1:${port}/health/ready`, children.get(replicaLabel(name, index)), replicaLabel(name, index).slice('service:'.length)),
        ),
      ),
      ...REMOTES.map((name) =>
        waitForReady(`http://127.0.0.1:${ports.remotes[name]}/mf-manifest.json`, children.get(`remote:${name}`), `${name} remote`),
      ),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  // From here on a service (each replica on its own) that crashes or is killed is started again; the others
  // keep answering meanwhile.
  const superviseReplica = (name: ServiceName, index: number, child: ChildProcess) => {
    const label = replicaLabel(name, index);
    supervised.set(
      label,
      supervise(label, child, {
        respawn: () => spawnService(name, index),
        log,
        policy: options.restartPolicy,
        readyUrl: `http://127.0.0.1:${replicaPorts[name][index]}/health/ready`,
        logHint: logDir,
      }),
    );
  };
  for (const name of SERVICES) {
    replicaPorts[name].forEach((_port, index) => {
      const label = replicaLabel(name, index);
      superviseReplica(name, index, children.get(label)!);
      children.delete(label);
    });
  }
  for (const [label, child] of children) {
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGTERM' && code !== 0) log(`! ${label} stopped unexpectedly (code ${code ?? signal}); see ${logDir}`);
    });
  }

  return {
    ports,
    url: `http://localhost:${ports.gateway}`,
    dataDir,
    stopService: async (name) => {
      await Promise.all(replicaPorts[name].map((_port, index) => supervised.get(replicaLabel(name, index))?.stop()));
    },
    servicePid: (name) => supervised.get(replicaLabel(name, 0))?.child.pid,
    replicasOf: (name) => replicaPorts[name].map((port, index) => ({ pid: supervised.get(replicaLabel(name, index))?.child.pid, port })),
    rollingRestart: async (name) => {
      for (const [index, port] of replicaPorts[name].entries()) {
        const label = replicaLabel(name, index);
        const url = `http://127.0.0.1:${port}`;
        if (replicas > 1) await gateway!.drainReplica(name, url, true);
        try {
          await supervised.get(label)?.stop();
          const child = spawnService(name, index);
          await waitForReady(`${url}/health/ready`, child, label.slice('service:'.length));
          superviseReplica(name, index, child);
          log(`${label} restarted`);
        } finally {
          if (replicas > 1) await gateway!.drainReplica(name, url, false);
        }
      }
    },
    stop,
  };

  function spawnService(name: ServiceName, index: number): ChildProcess {
    const env = serviceEnvironment(name, { ports, dataDir, serviceEnv: options.serviceEnv });
    return spawnServiceProcess([path.join(REPO_ROOT, 'services', name, 'src', 'server.ts')], {
      name: replicaLabel(name, index).slice('service:'.length),
      watch: options.watchServices,
      cwd: path.join(REPO_ROOT, 'services', name),
      env: { ...env, PORT: String(replicaPorts[name][index]), ...(localRedis ? { REDIS_URL: localRedis.url } : {}) },
      logs: options.serviceLogs === 'console' ? 'console' : logFileOf(name, index),
    });
  }

  function spawnDevServer(dir: string, port: number): ChildProcess {
    const rspack = path.join(REPO_ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
    return spawnTiedNode([rspack, 'serve', '--mode', 'development'], {
      cwd: dir,
      output: 'inherit',
      env: { ...process.env, KEISHA_DEV_PORT: String(port), NODE_ENV: 'development' },
    });
  }
}

export type { RemoteName };
