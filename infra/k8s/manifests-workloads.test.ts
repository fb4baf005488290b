// The manifests (see manifests-fixture.ts) as a whole, and each service's workload: its parts, ports, probes and
// the variables it really reads; and the production settings that differ from the services' defaults.
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_PORTS, IMAGES } from '../docker/images.ts';
import { SERVICES, type ServiceName } from '../local/topology.ts';
import {
  all,
  BASE,
  calledServices,
  container,
  envOfDeployment,
  environment,
  expectWorkload,
  find,
  imageEnvOf,
  imageOf,
  kustomization,
  loadServiceSchemas,
  MANIFESTS,
  probePort,
  requiredKeys,
  serviceSchemas,
} from './manifests-fixture.ts';

beforeAll(loadServiceSchemas);

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
