// The health and scrape routes the manifests (see manifests-fixture.ts) probe, as the service kit serves them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, createServiceApp, openDatabase, type ServiceApp } from '@keisha/service-kit';
import { REPO_ROOT, SERVICES } from '../local/topology.ts';
import { container, find } from './manifests-fixture.ts';

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
