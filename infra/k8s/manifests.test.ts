// The Kubernetes manifests held to the code: the parts and ports of topology.ts, the variables each process
// really reads (its zod schema), the health routes it really serves, the images the Dockerfiles build, and the
// one way in (the ingress reaches the edge; the edge and the callers a service's configuration names reach it).
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, createServiceApp, openDatabase, type ServiceApp } from '@keisha/service-kit';
import { canStartRedisServer, startRedisServer, type TestRedis } from '@keisha/service-kit/testing';
import { CONTAINER_PORTS, IMAGES } from '../docker/images.ts';
import { edgeConfigSchema, loadConfig, remoteServerConfigSchema } from '../edge/config.ts';
import { startEdge } from '../edge/edge.ts';
import { REMOTE_DIRS, REMOTES, REPO_ROOT, SERVICES, type RemoteName, type ServiceName } from '../local/topology.ts';

const BASE = path.join(import.meta.dirname, 'base');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

const kustomization = parse(readFileSync(path.join(BASE, 'kustomization.yaml'), 'utf8')) as { namespace: string; resources: string[]; images?: Array<{ name: string }> };
const MANIFESTS: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(BASE, file), 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    return document.toJS() as Manifest;
  }),
);

function find(kind: string, name: string): Manifest {
  const found = MANIFESTS.filter((m) => m.kind === kind && m.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0]!;
}
const all = (kind: string) => MANIFESTS.filter((m) => m.kind === kind);
/** The Deployment or StatefulSet of that name. */
const workloadNamed = (name: string): Manifest => {
  const found = MANIFESTS.filter((m) => (m.kind === 'Deployment' || m.kind === 'StatefulSet') && m.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one workload ${name}, found ${found.length}`);
  return found[0]!;
};

function container(deployment: Manifest): any {
  const containers = deployment.spec.template.spec.containers as any[];
  expect(containers).toHaveLength(1);
  return containers[0];
}

/** A probe's or Service's port, named or numbered, as the container's port number. */
function containerPortOf(deployment: Manifest, port: string | number): number {
  if (typeof port === 'number') return port;
  const named = (container(deployment).ports as Array<{ name: string; containerPort: number }>).find((p) => p.name === port);
  if (!named) throw new Error(`${deployment.metadata.name} has no port named ${port}`);
  return named.containerPort;
}

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

interface EnvSource {
  name: string;
  from: 'configMap' | 'value' | 'secret';
  value?: string;
  optional?: boolean;
}

/** Every variable a Deployment sets, with where it comes from. */
function envOfDeployment(deployment: Manifest): EnvSource[] {
  const spec = container(deployment);
  const fromConfigMaps = ((spec.envFrom ?? []) as any[]).flatMap((source) => {
    expect(source.configMapRef, `${deployment.metadata.name}: envFrom only from ConfigMaps (secrets are named one by one)`).toBeDefined();
    const configMap = find('ConfigMap', source.configMapRef.name);
    return Object.entries(configMap.data ?? {}).map(([name, value]) => ({ name, from: 'configMap' as const, value }));
  });
  const listed = ((spec.env ?? []) as any[]).map((entry) =>
    entry.valueFrom
      ? { name: entry.name, from: 'secret' as const, optional: entry.valueFrom.secretKeyRef.optional === true, secret: entry.valueFrom.secretKeyRef }
      : { name: entry.name, from: 'value' as const, value: String(entry.value) },
  );
  for (const entry of listed) {
    if (entry.from === 'secret') expect((entry as any).secret.key, `${entry.name} is read from a key of the same name`).toBe(entry.name);
  }
  const names = [...fromConfigMaps, ...listed].map((e) => e.name);
  expect(new Set(names).size, `${deployment.metadata.name} sets a variable twice`).toBe(names.length);
  return [...fromConfigMaps, ...listed];
}

const { privateKey } = generateKeyPairSync('ed25519');
/** What an operator puts in the Secrets, for checking that the services accept the whole configuration. */
const SECRET_SAMPLES: Record<string, string> = {
  DATABASE_URL: 'postgres://keisha:secret@postgres.example:5432/keisha',
  SIGNING_KEY_PEM: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ADMIN_EMAIL: 'admin@example.org',
  ADMIN_PASSWORD: 'a-long-admin-password',
  OPENAI_API_KEY: 'sk-sample',
  COINBASE_API_KEY: 'coinbase-key',
  COINBASE_WEBHOOK_SECRET: 'coinbase-webhook-secret',
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_PLAN_MONTHLY: 'P-MONTHLY',
  PAYPAL_PLAN_ANNUAL: 'P-ANNUAL',
  PAYPAL_WEBHOOK_ID: 'WH-SAMPLE',
  INTERNAL_API_TOKEN: 'an-internal-token-of-at-least-32-characters',
};

/** The environment a container starts with: the image's ENV, then the manifest's (secrets from the samples). */
function environment(deployment: Manifest, imageEnv: Record<string, string>, withOptionalSecrets: boolean): Record<string, string> {
  const env: Record<string, string> = { ...imageEnv };
  for (const entry of envOfDeployment(deployment)) {
    if (entry.from !== 'secret') env[entry.name] = entry.value!;
    else if (!entry.optional || withOptionalSecrets) {
      const sample = SECRET_SAMPLES[entry.name];
      if (sample === undefined) throw new Error(`No sample value for the secret ${entry.name}: add one to SECRET_SAMPLES`);
      env[entry.name] = sample;
    }
  }
  return env;
}

function imageOf(deployment: Manifest) {
  const name = String(container(deployment).image).replace(/:[^/]+$/, '');
  const image = IMAGES.find((candidate) => candidate.name === name);
  if (!image) throw new Error(`${deployment.metadata.name} runs ${name}, which infra/docker/images.ts does not build`);
  return image;
}

/** The environment the deployment's image sets (infra/docker/images.ts; test:containers checks it on the built image). */
function imageEnvOf(deployment: Manifest): Record<string, string> {
  return imageOf(deployment).env;
}

function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'redis:': 6379, 'rediss:': 6379 };

/** Services (by the name of their Service) that a Deployment's configuration calls by URL (HTTP, or Redis). */
function calledServices(deployment: Manifest): Array<{ service: string; port: number; variable: string }> {
  return envOfDeployment(deployment).flatMap((entry) => {
    if (!entry.value || !/^(https?|rediss?):\/\//.test(entry.value)) return [];
    const url = new URL(entry.value);
    const service = all('Service').find((s) => s.metadata.name === url.hostname);
    return service ? [{ service: url.hostname, port: Number(url.port || DEFAULT_PORTS[url.protocol]), variable: entry.name }] : [];
  });
}

const serviceSchemas = new Map<ServiceName, z.ZodObject>();
beforeAll(async () => {
  for (const name of SERVICES) {
    const module = (await import(path.join(REPO_ROOT, 'services', name, 'src', 'env.ts'))) as Record<string, unknown>;
    serviceSchemas.set(name, module[`${name}ConfigSchema`] as z.ZodObject);
  }
});

describe('the kustomization', () => {
  it('lists every manifest file of base/', () => {
    const files = readdirSync(BASE).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect(kustomization.namespace).toBe(find('Namespace', kustomization.namespace).metadata.name);
  });

  it('holds documents that are valid Kubernetes objects of their kind', async () => {
    for (const manifest of MANIFESTS) {
      const models = (await import(`kubernetes-models/${manifest.apiVersion}/${manifest.kind}`)) as Record<string, new (value: unknown) => { validate(): void }>;
      const Model = models[manifest.kind]!;
      expect(() => new Model(manifest).validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
  });

  it('labels everything as part of keisha, and names nothing twice', () => {
    for (const manifest of MANIFESTS) expect(manifest.metadata.labels?.['app.kubernetes.io/part-of'], manifest.metadata.name).toBe('keisha');
    const keys = MANIFESTS.map((m) => `${m.kind}/${m.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only images the Dockerfiles build', () => {
    for (const entry of kustomization.images ?? []) expect(IMAGES.map((i) => i.name)).toContain(entry.name);
    for (const deployment of all('Deployment')) expect(() => imageOf(deployment)).not.toThrow();
  });
});

/** A Deployment with its Service: two replicas, selectors that match, one port through. */
function expectWorkload(name: string, port: number, image: string) {
  const deployment = find('Deployment', name);
  const service = find('Service', name);
  const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
  expect(deployment.spec.replicas).toBe(2);
  expect(selects(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
  expect(selects(service.spec.selector, podLabels)).toBe(true);
  expect(service.spec.ports).toHaveLength(1);
  expect(service.spec.ports[0].port).toBe(port);
  expect(containerPortOf(deployment, service.spec.ports[0].targetPort)).toBe(port);
  expect(imageOf(deployment).name).toBe(image);
  const pdb = all('PodDisruptionBudget').filter((p) => selects(p.spec.selector.matchLabels, podLabels));
  expect(pdb, `${name} has one PodDisruptionBudget`).toHaveLength(1);
  expect(pdb[0]!.spec.minAvailable).toBe(1);
  const spec = container(deployment);
  expect(spec.resources.requests.cpu && spec.resources.requests.memory && spec.resources.limits.memory, `${name} resources`).toBeTruthy();
  expect(deployment.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  expect(spec.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
  return { deployment, service, spec };
}

function probePort(deployment: Manifest, probe: any): number {
  return containerPortOf(deployment, probe.httpGet.port);
}

describe.each(SERVICES.map((name) => [name] as const))('the %s service', (name) => {
  const port = CONTAINER_PORTS.services[name];

  it('has a Deployment, a Service, an autoscaler and a disruption budget on its port', () => {
    const { deployment } = expectWorkload(name, port, `keisha/${name}-service`);
    const hpa = find('HorizontalPodAutoscaler', name);
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa.spec.minReplicas).toBe(deployment.spec.replicas);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(imageOf(deployment).buildArgs).toMatchObject({ SERVICE: name, PORT: String(port) });
  });

  it('is scraped by Prometheus at /metrics on its own port', () => {
    expect(find('Deployment', name).spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(port),
      'prometheus.io/path': '/metrics',
    });
  });

  it('probes its liveness and readiness routes on its port', () => {
    const deployment = find('Deployment', name);
    const spec = container(deployment);
    expect(spec.livenessProbe.httpGet.path).toBe('/health/live');
    expect(spec.readinessProbe.httpGet.path).toBe('/health/ready');
    for (const probe of [spec.livenessProbe, spec.readinessProbe, spec.startupProbe].filter(Boolean)) expect(probePort(deployment, probe)).toBe(port);
  });

  it('sets only variables the service reads, and listens where the Service sends traffic', () => {
    const deployment = find('Deployment', name);
    const schema = serviceSchemas.get(name)!;
    const known = Object.keys(schema.shape);
    for (const entry of envOfDeployment(deployment)) expect(known, `${name} does not read ${entry.name}`).toContain(entry.name);
    const env = environment(deployment, imageEnvOf(deployment), false);
    for (const key of Object.keys(imageEnvOf(deployment))) if (key !== 'NODE_ENV') expect(known, `the image sets ${key}`).toContain(key);
    for (const key of requiredKeys(schema)) expect(env, `${name} needs ${key}`).toHaveProperty(key);
    expect(Number(env.PORT)).toBe(port);
    // Loopback (the service's default) would leave the probes and every caller outside the pod.
    expect(env.HOST).toBe('0.0.0.0');
    // The default believes X-Forwarded-For only from loopback: the edge's client address would be lost.
    expect(envOfDeployment(deployment).find((e) => e.name === 'TRUST_PROXY')?.from).toBe('configMap');
  });

  it('takes its database and the services\' shared internal token from Secrets it cannot start without, and everything else secret as optional', () => {
    const secrets = envOfDeployment(find('Deployment', name)).filter((e) => e.from === 'secret');
    const required = ['DATABASE_URL', 'INTERNAL_API_TOKEN'];
    for (const key of required) expect(secrets.find((e) => e.name === key), key).toMatchObject({ optional: false });
    // Pods share no disk: one Secret for all four, or their internal calls would not recognise each other.
    expect(secrets.find((e) => e.name === 'INTERNAL_API_TOKEN')).toMatchObject({ secret: { name: 'internal-api-token' } });
    for (const entry of secrets.filter((e) => !required.includes(e.name))) expect(entry.optional, entry.name).toBe(true);
  });

  it('is accepted by the service with only the required secrets, and with all of them', () => {
    const deployment = find('Deployment', name);
    const schema = serviceSchemas.get(name)!;
    for (const withOptional of [false, true]) {
      const result = schema.safeParse(environment(deployment, imageEnvOf(deployment), withOptional));
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    }
  });

  it('calls other services at their Service names and ports', () => {
    for (const call of calledServices(find('Deployment', name))) expect(call.port, call.variable).toBe(find('Service', call.service).spec.ports[0].port);
  });
});

describe('production settings the defaults would get wrong', () => {
  const value = (service: ServiceName, variable: string) => envOfDeployment(find('Deployment', service)).find((e) => e.name === variable)?.value;

  it('sends refresh and device cookies over HTTPS only, behind the TLS ingress', () => {
    expect(value('identity', 'COOKIE_SECURE')).toBe('true');
    expect(value('decoder', 'COOKIE_SECURE')).toBe('true');
  });

  it('turns the free sandbox checkout off and gives billing the public address', () => {
    expect(value('billing', 'PAYMENTS_SANDBOX')).toBe('off');
    expect(value('billing', 'PUBLIC_BASE_URL')).toBe(envOfDeployment(find('Deployment', 'edge')).find((e) => e.name === 'PUBLIC_ORIGIN')?.value);
  });

  it('asks billing for plans (chat would count everyone as Free without it)', () => {
    expect(value('decoder', 'BILLING_URL')).toBeDefined();
    expect(value('chat', 'BILLING_URL')).toBeDefined();
  });
});

describe('the shared rate-limit store', () => {
  const store = () => find('StatefulSet', 'valkey');
  const storeContainer = () => container(store());
  const args = () => storeContainer().args as string[];
  /** The value following a `--flag` among the container's arguments. */
  const argument = (flag: string) => {
    const at = args().indexOf(flag);
    return at === -1 ? undefined : args()[at + 1];
  };
  const mebibytes = (quantity: string) => {
    const match = /^(\d+)(Mi|Gi|mb|gb)$/i.exec(quantity);
    if (!match) throw new Error(`unreadable quantity ${quantity}`);
    return Number(match[1]) * (/^g/i.test(match[2]!) ? 1024 : 1);
  };

  it('is one StatefulSet pod behind a Service on the Redis port, from a pinned Valkey or Redis image', () => {
    const statefulSet = store();
    const service = find('Service', 'valkey');
    const podLabels = statefulSet.spec.template.metadata.labels as Record<string, string>;
    // One pod: two would each hold part of every count. A StatefulSet never runs two, even during an update.
    expect(statefulSet.spec.replicas).toBe(1);
    expect(statefulSet.spec.serviceName).toBe(service.metadata.name);
    expect(selects(statefulSet.spec.selector.matchLabels, podLabels)).toBe(true);
    expect(selects(service.spec.selector, podLabels)).toBe(true);
    expect(service.spec.ports).toHaveLength(1);
    expect(service.spec.ports[0].port).toBe(6379);
    expect(containerPortOf(statefulSet, service.spec.ports[0].targetPort)).toBe(6379);
    expect(Number(argument('--port'))).toBe(6379);
    expect(storeContainer().image).toMatch(/^(valkey\/valkey|redis):\d+(\.\d+)*(-[a-z0-9]+)?$/);
    for (const probe of [storeContainer().startupProbe, storeContainer().livenessProbe, storeContainer().readinessProbe]) {
      expect(probe, 'probed').toBeDefined();
      if (probe.tcpSocket) expect(containerPortOf(statefulSet, probe.tcpSocket.port)).toBe(6379);
      else expect(probe.exec.command.join(' ')).toMatch(/^(valkey|redis)-cli ping$/);
    }
  });

  it('keeps nothing on disk, and fits its memory limit, dropping the keys nearest expiry when full', () => {
    const statefulSet = store();
    // Counters of a minute's window: a restart forgets at most a minute of counts, so there is nothing to keep.
    expect(statefulSet.spec.volumeClaimTemplates).toBeUndefined();
    for (const volume of statefulSet.spec.template.spec.volumes as any[]) expect(volume.emptyDir, volume.name).toBeDefined();
    expect(argument('--save')).toBe('');
    expect(argument('--appendonly')).toBe('no');
    const limit = mebibytes(storeContainer().resources.limits.memory);
    expect(mebibytes(argument('--maxmemory')!)).toBeLessThan(limit);
    // Every key has a TTL; refusing writes when full (noeviction) would turn a full store into an outage of limits.
    expect(argument('--maxmemory-policy')).toBe('volatile-ttl');
    expect(statefulSet.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(storeContainer().securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(storeContainer().resources.requests.cpu && storeContainer().resources.requests.memory).toBeTruthy();
  });

  it('is named by every service\'s REDIS_URL, with one environment\'s key prefix for all four', () => {
    const prefixes = new Set<string>();
    for (const name of SERVICES) {
      const env = envOfDeployment(find('Deployment', name));
      const redisUrl = env.find((e) => e.name === 'REDIS_URL');
      expect(redisUrl?.from, `${name} REDIS_URL`).toBe('configMap');
      const calls = calledServices(find('Deployment', name)).filter((c) => c.variable === 'REDIS_URL');
      expect(calls, `${name} REDIS_URL names the store's Service`).toEqual([{ service: 'valkey', port: 6379, variable: 'REDIS_URL' }]);
      const prefix = env.find((e) => e.name === 'REDIS_KEY_PREFIX')?.value;
      expect(prefix, `${name} REDIS_KEY_PREFIX`).toBeDefined();
      prefixes.add(prefix!);
    }
    // The services add their own names; the prefix names the environment, and is not the local default.
    expect(prefixes.size).toBe(1);
    expect([...prefixes][0]).not.toBe(baseConfigSchema.shape.REDIS_KEY_PREFIX.parse(undefined));
  });

  describe.each(canStartRedisServer() ? ['redis-server'] : [])('started with its arguments (%s, Redis-compatible)', () => {
    let server: TestRedis;
    let app: ServiceApp;
    beforeAll(async () => {
      // The container's arguments without the program and its port (the test server takes a free one).
      const rest = args().slice(1);
      const at = rest.indexOf('--port');
      rest.splice(at, 2);
      server = await startRedisServer({ args: rest });
      const env = Object.fromEntries(envOfDeployment(find('Deployment', 'decoder')).map((e) => [e.name, e.value]));
      app = await createServiceApp({
        name: 'decoder',
        config: baseConfigSchema.parse({ PORT: 0, RATE_LIMIT_MAX: 2, REDIS_URL: server.url, REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX }),
        database: await openDatabase({}),
        routes: async (service) => {
          service.get('/limited', async () => ({ ok: true }));
        },
        logger: false,
      });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await server?.stop();
    });

    it('runs with the memory policy and persistence the manifest asks for', async () => {
      expect(await server.call('CONFIG', 'GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'volatile-ttl']);
      expect(await server.call('CONFIG', 'GET', 'maxmemory')).toEqual(['maxmemory', String(mebibytes(argument('--maxmemory')!) * 1024 * 1024)]);
      expect(await server.call('CONFIG', 'GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await server.call('CONFIG', 'GET', 'save')).toEqual(['save', '']);
    });

    it('holds a service\'s limits under the environment\'s prefix and the service\'s name, every key expiring', async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.inject({ url: '/limited', remoteAddress: '192.0.2.7' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const prefix = envOfDeployment(find('Deployment', 'decoder')).find((e) => e.name === 'REDIS_KEY_PREFIX')!.value!;
      const keys = (await server.call('KEYS', '*')) as string[];
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.startsWith(`${prefix}:decoder:`), key).toBe(true);
        expect(await server.call('PTTL', key)).toBeGreaterThan(0);
      }
    });
  });
});

describe('health routes the services serve', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    // Every service is built on the service kit (its app.ts calls createServiceApp), which serves these routes.
    for (const name of SERVICES) expect(readFileSync(path.join(REPO_ROOT, 'services', name, 'src', 'app.ts'), 'utf8')).toContain('createServiceApp(');
    app = await createServiceApp({
      name: 'probe-check',
      config: baseConfigSchema.parse({ PORT: 0 }),
      database: await openDatabase({}),
      routes: async () => {},
      logger: false,
    });
    await app.ready();
  }, 60_000);
  afterAll(() => app?.close());

  it('answers every probe path of the manifests with 200', async () => {
    const paths = new Set(
      SERVICES.flatMap((name) => {
        const spec = container(find('Deployment', name));
        return [spec.livenessProbe, spec.readinessProbe, spec.startupProbe].filter(Boolean).map((probe) => probe.httpGet.path as string);
      }),
    );
    expect(paths.size).toBeGreaterThan(0);
    for (const probePath of paths) expect((await app.inject(probePath)).statusCode, probePath).toBe(200);
  });

  it('answers the scrape path of the annotations to a direct request, and not to one through a proxy', async () => {
    const paths = new Set(SERVICES.map((name) => find('Deployment', name).spec.template.metadata.annotations['prometheus.io/path'] as string));
    expect([...paths]).toEqual(['/metrics']);
    expect((await app.inject('/metrics')).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode).toBe(404);
  });
});

describe.each(REMOTES.map((name) => [name] as const))('the %s remote', (name: RemoteName) => {
  const workload = REMOTE_DIRS[name];
  const port = CONTAINER_PORTS.remotes[name];

  it('has a Deployment, a Service and a disruption budget on its port', () => {
    const { deployment } = expectWorkload(workload, port, `keisha/${workload}`);
    expect(imageOf(deployment).buildArgs).toMatchObject({ REMOTE: name, PORT: String(port) });
  });

  it('sets only what the static server reads, and probes the manifest the server requires', () => {
    const deployment = find('Deployment', workload);
    const known = Object.keys(remoteServerConfigSchema.shape);
    for (const entry of envOfDeployment(deployment)) expect(known).toContain(entry.name);
    const env = environment(deployment, imageEnvOf(deployment), true);
    expect(remoteServerConfigSchema.shape.STATIC_DIR.safeParse(undefined).success).toBe(false);
    expect(Number(env.PORT)).toBe(port);
    const spec = container(deployment);
    for (const probe of [spec.livenessProbe, spec.readinessProbe]) {
      // STATIC_DIR must hold mf-manifest.json or the server refuses to start (infra/edge/config.ts).
      expect(probe.httpGet.path).toBe('/mf-manifest.json');
      expect(probePort(deployment, probe)).toBe(port);
    }
  });
});

describe('the edge', () => {
  const edge = () => find('Deployment', 'edge');
  const edgeEnv = () => Object.fromEntries(envOfDeployment(edge()).map((e) => [e.name, e.value!]));

  it('has a Deployment, a Service, an autoscaler and a disruption budget on the gateway port', () => {
    const { deployment } = expectWorkload('edge', CONTAINER_PORTS.gateway, 'keisha/edge');
    expect(Number(imageEnvOf(deployment).PORT)).toBe(CONTAINER_PORTS.gateway);
    expect(find('HorizontalPodAutoscaler', 'edge').spec.scaleTargetRef.name).toBe('edge');
  });

  it('is scraped by Prometheus at /metrics on its metrics port, which its Service (and so the Ingress) does not expose', () => {
    const deployment = edge();
    const metricsPort = CONTAINER_PORTS.gatewayMetrics;
    expect(deployment.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metricsPort),
      'prometheus.io/path': '/metrics',
    });
    expect(Number(edgeEnv().METRICS_PORT)).toBe(metricsPort);
    expect(containerPortOf(deployment, 'metrics')).toBe(metricsPort);
    expect((find('Service', 'edge').spec.ports as Array<{ port: number }>).map((p) => p.port)).not.toContain(metricsPort);
  });

  it('sets only variables the edge reads, and every one it needs', () => {
    const known = Object.keys(edgeConfigSchema.shape);
    for (const entry of envOfDeployment(edge())) expect(known).toContain(entry.name);
    const env = { ...imageEnvOf(edge()), ...edgeEnv() };
    for (const key of requiredKeys(edgeConfigSchema)) expect(env, `the edge needs ${key}`).toHaveProperty(key);
  });

  it('reaches each service and each in-cluster remote at its Service', () => {
    const env = edgeEnv();
    for (const [variable, service] of [
      ['IDENTITY_URL', 'identity'],
      ['DECODER_URL', 'decoder'],
      ['CHAT_URL', 'chat'],
      ['BILLING_URL', 'billing'],
      ['MARKETING_REMOTE_URL', 'mf-marketing'],
      ['DECODER_REMOTE_URL', 'mf-decoder'],
      ['CHAT_REMOTE_URL', 'mf-chat'],
      ['ACCOUNT_REMOTE_URL', 'mf-account'],
    ] as const) {
      const url = new URL(env[variable]!);
      expect(url.hostname, variable).toBe(service);
      expect(Number(url.port), variable).toBe(find('Service', service).spec.ports[0].port);
    }
  });

  it('reads remotes.json from the mounted ConfigMap folder, which follows edits (no subPath)', () => {
    const spec = container(edge());
    const file = edgeEnv().REMOTES_FILE!;
    const mount = (spec.volumeMounts as any[]).find((m) => file.startsWith(`${m.mountPath}/`));
    expect(mount, 'REMOTES_FILE is inside a mounted volume').toBeDefined();
    expect(mount.subPath).toBeUndefined();
    const volume = (edge().spec.template.spec.volumes as any[]).find((v) => v.name === mount.name);
    const registry = find('ConfigMap', volume.configMap.name);
    expect(Object.keys(registry.data!)).toContain(path.posix.relative(mount.mountPath, file));
  });

  it('has a registry naming every remote, served through the edge where it says /remotes/<name>/ on the site', () => {
    const registry = JSON.parse(find('ConfigMap', 'remotes').data!['remotes.json']!) as Record<string, string>;
    expect(Object.keys(registry).sort()).toEqual([...REMOTES].sort());
    const env = edgeEnv();
    for (const name of REMOTES) {
      const url = new URL(registry[name]!);
      expect(url.pathname.endsWith('/mf-manifest.json')).toBe(true);
      if (url.origin === env.PUBLIC_ORIGIN && url.pathname.startsWith(`/remotes/${name}/`)) {
        expect(env[`${name.toUpperCase()}_REMOTE_URL`], `${name} is served at /remotes/${name}/`).toBeDefined();
      }
    }
  });

  describe('started as the manifests configure it', () => {
    let running: Awaited<ReturnType<typeof startEdge>>;
    let root: string;
    let registryText: string;

    beforeAll(async () => {
      // The container's file system in a folder: the image's shell build (a stand-in page) and the mounted ConfigMap.
      root = mkdtempSync(path.join(os.tmpdir(), 'keisha-k8s-edge-'));
      const inRoot = (file: string) => path.join(root, file);
      const imageEnv = imageEnvOf(edge());
      mkdirSync(inRoot(imageEnv.SHELL_DIR!), { recursive: true });
      writeFileSync(path.join(inRoot(imageEnv.SHELL_DIR!), 'index.html'), '<!doctype html><div id="root"></div>');
      const spec = container(edge());
      for (const mount of spec.volumeMounts as any[]) {
        const volume = (edge().spec.template.spec.volumes as any[]).find((v) => v.name === mount.name);
        if (!volume.configMap) continue;
        mkdirSync(inRoot(mount.mountPath), { recursive: true });
        for (const [key, text] of Object.entries(find('ConfigMap', volume.configMap.name).data!)) writeFileSync(path.join(inRoot(mount.mountPath), key), text);
      }
      registryText = find('ConfigMap', 'remotes').data!['remotes.json']!;
      const env = environment(edge(), imageEnv, true);
      const paths = ['SHELL_DIR', 'REMOTES_FILE', 'MARKETING_DIR'];
      const mapped = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, paths.includes(k) ? inRoot(v) : v]));
      delete mapped.MARKETING_DIR; // the image's robots.txt and sitemap.xml, not needed to answer probes
      running = await startEdge({ ...loadConfig(edgeConfigSchema, mapped), HOST: '127.0.0.1', PORT: 0, METRICS_PORT: 0 });
    });
    afterAll(async () => {
      await running?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('answers its probes and serves the registry of the ConfigMap', async () => {
      const spec = container(edge());
      for (const probe of [spec.livenessProbe, spec.readinessProbe]) {
        expect((await fetch(`http://127.0.0.1:${running.port}${probe.httpGet.path}`)).status).toBe(200);
      }
      expect(await (await fetch(`http://127.0.0.1:${running.port}/remotes.json`)).text()).toBe(registryText);
    });

    it('answers the scrape path of its annotations on the metrics listener, and 404 there on the public port', async () => {
      const scrapePath = edge().spec.template.metadata.annotations['prometheus.io/path'] as string;
      expect(running.metricsPort).toBeDefined();
      const scraped = await fetch(`http://127.0.0.1:${running.metricsPort}${scrapePath}`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('edge_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${running.port}${scrapePath}`)).status).toBe(404);
    });
  });
});

describe('the way in', () => {
  it('routes every path of the Ingress to the edge', () => {
    const ingresses = all('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const edgePort = find('Service', 'edge').spec.ports[0];
    for (const ingress of ingresses) {
      const backends = [ingress.spec.defaultBackend, ...ingress.spec.rules.flatMap((rule: any) => rule.http.paths.map((p: any) => p.backend))].filter(Boolean);
      expect(backends.length).toBeGreaterThan(0);
      for (const backend of backends) {
        expect(backend.service.name).toBe('edge');
        expect([edgePort.name, edgePort.port]).toContain(backend.service.port.name ?? backend.service.port.number);
      }
      expect(ingress.spec.tls?.length, 'TLS at the ingress (the services set secure cookies)').toBeGreaterThan(0);
    }
  });

  it('denies every pod all traffic unless a policy lets it in', () => {
    const denyAll = all('NetworkPolicy').find((p) => Object.keys(p.spec.podSelector).length === 0 || Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 0);
    expect(denyAll?.spec.policyTypes).toEqual(['Ingress']);
    expect(denyAll?.spec.ingress ?? []).toEqual([]);
  });

  /** Who may reach a workload (a Deployment or a StatefulSet): the pods and namespaces its policies name, and on which ports. */
  function allowedInto(workload: string) {
    const podLabels = workloadNamed(workload).spec.template.metadata.labels as Record<string, string>;
    const policies = all('NetworkPolicy').filter((p) => p.spec.podSelector.matchLabels && selects(p.spec.podSelector.matchLabels, podLabels));
    const rules = policies.flatMap((p) => p.spec.ingress ?? []);
    const pods = rules.flatMap((rule: any) => rule.from.filter((f: any) => f.podSelector).map((f: any) => f.podSelector.matchLabels['app.kubernetes.io/name'] as string));
    const namespaces = rules.flatMap((rule: any) => rule.from.filter((f: any) => f.namespaceSelector));
    const ports = rules.flatMap((rule: any) => rule.ports.map((p: any) => p.port as number));
    return { pods: [...new Set(pods)].sort(), namespaces, ports: [...new Set(ports)] };
  }

  it('lets only the ingress controller reach the edge, and the monitoring namespace its metrics port alone', () => {
    expect(allowedInto('edge').pods).toEqual([]);
    const podLabels = find('Deployment', 'edge').spec.template.metadata.labels as Record<string, string>;
    const rules = all('NetworkPolicy')
      .filter((p) => p.spec.podSelector.matchLabels && selects(p.spec.podSelector.matchLabels, podLabels))
      .flatMap((p) => p.spec.ingress ?? []);
    const grants = rules.flatMap((rule: any) =>
      rule.from.map((from: any) => ({ namespace: from.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'], ports: rule.ports.map((p: any) => p.port) })),
    );
    const ingressNamespace = grants.find((g: any) => g.ports.includes(CONTAINER_PORTS.gateway))?.namespace;
    expect(ingressNamespace).toBeDefined();
    expect(grants).toEqual(
      expect.arrayContaining([
        { namespace: ingressNamespace, ports: [CONTAINER_PORTS.gateway] },
        { namespace: 'monitoring', ports: [CONTAINER_PORTS.gatewayMetrics] },
      ]),
    );
    expect(grants).toHaveLength(2);
  });

  it.each(SERVICES.map((name) => [name] as const))('lets the edge, the services whose configuration calls it, and the monitoring namespace reach %s', (name) => {
    const callers = SERVICES.filter((caller) => calledServices(find('Deployment', caller)).some((call) => call.service === name));
    const allowed = allowedInto(name);
    expect(allowed.pods).toEqual(['edge', ...callers].sort());
    // Prometheus scrapes /metrics there; nothing else outside the namespace gets in.
    expect(allowed.namespaces).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
    expect(allowed.ports).toEqual([CONTAINER_PORTS.services[name]]);
  });

  it('lets only the services whose REDIS_URL names it reach the rate-limit store, on its port (it has no password)', () => {
    const callers = SERVICES.filter((caller) => calledServices(find('Deployment', caller)).some((call) => call.service === 'valkey'));
    expect(callers.length).toBeGreaterThan(0);
    const allowed = allowedInto('valkey');
    expect(allowed.pods).toEqual([...callers].sort());
    expect(allowed.namespaces).toEqual([]);
    expect(allowed.ports).toEqual([6379]);
  });

  it.each(REMOTES.map((name) => [REMOTE_DIRS[name], name] as const))('lets only the edge reach %s', (workload, name) => {
    const allowed = allowedInto(workload);
    expect(allowed.pods).toEqual(['edge']);
    expect(allowed.namespaces).toEqual([]);
    expect(allowed.ports).toEqual([CONTAINER_PORTS.remotes[name]]);
  });
});
