// The one way in, in the manifests (see manifests-fixture.ts): the ingress reaches the edge; the edge and the
// callers a service's configuration names reach it; nothing else does.
import { describe, expect, it } from 'vitest';
import { CONTAINER_PORTS } from '../docker/images.ts';
import { REMOTE_DIRS, REMOTES, SERVICES } from '../local/topology.ts';
import { all, calledServices, find, selects, workloadNamed } from './manifests-fixture.ts';

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
