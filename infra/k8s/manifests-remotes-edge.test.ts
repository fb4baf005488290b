// The remotes' and the edge's workloads in the manifests (see manifests-fixture.ts): ports, probes, the variables
// their servers read, the registry of remotes, and the edge started as the manifests configure it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_PORTS } from '../docker/images.ts';
import { edgeConfigSchema, loadConfig, remoteServerConfigSchema } from '../edge/config.ts';
import { startEdge } from '../edge/edge.ts';
import { REMOTE_DIRS, REMOTES, type RemoteName } from '../local/topology.ts';
import {
  container,
  containerPortOf,
  envOfDeployment,
  environment,
  expectWorkload,
  find,
  imageEnvOf,
  imageOf,
  probePort,
  requiredKeys,
} from './manifests-fixture.ts';

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
