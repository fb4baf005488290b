// The Kubernetes manifests held to the code: the parts and ports of topology.ts, the variables each process
// really reads (its zod schema), the health routes it really serves, the images the Dockerfiles build, and the
// one way in (the ingress reaches the edge; the edge and the callers a service's configuration names reach it).
// This module holds what the manifests-*.test.ts files share: the manifests of base/ as the kustomization lists
// them, the ways to find an object and its container, the environment a container starts with, and the checks
// every workload with a Service passes.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { expect } from 'vitest';
import { IMAGES } from '../docker/images.ts';
import { REPO_ROOT, SERVICES, type ServiceName } from '../local/topology.ts';

export const BASE = path.join(import.meta.dirname, 'base');

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

export const kustomization = parse(readFileSync(path.join(BASE, 'kustomization.yaml'), 'utf8')) as { namespace: string; resources: string[]; images?: Array<{ name: string }> };
export const MANIFESTS: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(BASE, file), 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    return document.toJS() as Manifest;
  }),
);

export function find(kind: string, name: string): Manifest {
  const found = MANIFESTS.filter((m) => m.kind === kind && m.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0]!;
}
export const all = (kind: string) => MANIFESTS.filter((m) => m.kind === kind);
/** The Deployment or StatefulSet of that name. */
export const workloadNamed = (name: string): Manifest => {
  const found = MANIFESTS.filter((m) => (m.kind === 'Deployment' || m.kind === 'StatefulSet') && m.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one workload ${name}, found ${found.length}`);
  return found[0]!;
};

export function container(deployment: Manifest): any {
  const containers = deployment.spec.template.spec.containers as any[];
  expect(containers).toHaveLength(1);
  return containers[0];
}

/** A probe's or Service's port, named or numbered, as the container's port number. */
export function containerPortOf(deployment: Manifest, port: string | number): number {
  if (typeof port === 'number') return port;
  const named = (container(deployment).ports as Array<{ name: string; containerPort: number }>).find((p) => p.name === port);
  if (!named) throw new Error(`${deployment.metadata.name} has no port named ${port}`);
  return named.containerPort;
}

export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

export interface EnvSource {
  name: string;
  from: 'configMap' | 'value' | 'secret';
  value?: string;
  optional?: boolean;
}

/** Every variable a Deployment sets, with where it comes from. */
export function envOfDeployment(deployment: Manifest): EnvSource[] {
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
export function environment(deployment: Manifest, imageEnv: Record<string, string>, withOptionalSecrets: boolean): Record<string, string> {
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

export function imageOf(deployment: Manifest) {
  const name = String(container(deployment).image).replace(/:[^/]+$/, '');
  const image = IMAGES.find((candidate) => candidate.name === name);
  if (!image) throw new Error(`${deployment.metadata.name} runs ${name}, which infra/docker/images.ts does not build`);
  return image;
}

/** The environment the deployment's image sets (infra/docker/images.ts; test:containers checks it on the built image). */
export function imageEnvOf(deployment: Manifest): Record<string, string> {
  return imageOf(deployment).env;
}

export function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'redis:': 6379, 'rediss:': 6379 };

/** Services (by the name of their Service) that a Deployment's configuration calls by URL (HTTP, or Redis). */
export function calledServices(deployment: Manifest): Array<{ service: string; port: number; variable: string }> {
  return envOfDeployment(deployment).flatMap((entry) => {
    if (!entry.value || !/^(https?|rediss?):\/\//.test(entry.value)) return [];
    const url = new URL(entry.value);
    const service = all('Service').find((s) => s.metadata.name === url.hostname);
    return service ? [{ service: url.hostname, port: Number(url.port || DEFAULT_PORTS[url.protocol]), variable: entry.name }] : [];
  });
}

export const serviceSchemas = new Map<ServiceName, z.ZodObject>();
/** Each service's configuration schema (services/<name>/src/env.ts) into serviceSchemas; run it in a beforeAll. */
export async function loadServiceSchemas(): Promise<void> {
  for (const name of SERVICES) {
    const module = (await import(path.join(REPO_ROOT, 'services', name, 'src', 'env.ts'))) as Record<string, unknown>;
    serviceSchemas.set(name, module[`${name}ConfigSchema`] as z.ZodObject);
  }
}

/** A Deployment with its Service: two replicas, selectors that match, one port through. */
export function expectWorkload(name: string, port: number, image: string) {
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

export function probePort(deployment: Manifest, probe: any): number {
  return containerPortOf(deployment, probe.httpGet.port);
}
