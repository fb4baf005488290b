import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { IMAGES } from '../docker/images.ts';
import { baseDocuments, kubePlayManifests, onLoopback } from './kube-play.ts';

const BASE = path.join(import.meta.dirname, '..', 'k8s', 'base');
const documents = baseDocuments(readdirSync(BASE).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').map((f) => readFileSync(path.join(BASE, f), 'utf8')));
const images = Object.fromEntries(IMAGES.map((image) => [image.name, `localhost/${image.name}:containers`]));
const secrets = {
  'internal-api-token': { INTERNAL_API_TOKEN: 'token' },
  ...Object.fromEntries(['identity', 'decoder', 'chat', 'billing'].map((s) => [`${s}-secrets`, { DATABASE_URL: `postgres://db/${s}` }])),
};

type Played = { kind: string; metadata: { name: string }; data?: Record<string, string>; spec?: any };
const play = (extra: Partial<Parameters<typeof kubePlayManifests>[1]> = {}) =>
  parseAllDocuments(kubePlayManifests(documents, { images, secrets, overrides: {}, ...extra })).map((doc) => doc.toJS() as Played);

describe('the Kubernetes base for podman kube play', () => {
  it('keeps the ConfigMaps and Deployments, one replica each, on the host\'s network, local images never pulled', () => {
    const played = play();
    expect(new Set(played.map((doc) => doc.kind))).toEqual(new Set(['ConfigMap', 'Deployment']));
    const deployments = played.filter((doc) => doc.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(documents.filter((d) => d.kind === 'Deployment').map((d) => d.metadata.name).sort());
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      expect(deployment.spec.replicas).toBe(1);
      expect(pod.hostNetwork).toBe(true);
      for (const container of pod.containers) {
        expect(container.image).toMatch(/^localhost\/keisha\/.+:containers$/);
        expect(container.imagePullPolicy).toBe('Never');
        // No port mappings on the host's network; the probes name their ports by number.
        expect(container.ports).toBeUndefined();
        for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
          if (probe?.httpGet) expect(typeof probe.httpGet.port).toBe('number');
        }
        for (const variable of container.env ?? []) expect(variable.valueFrom, `${deployment.metadata.name} ${variable.name}`).toBeUndefined();
      }
    }
  });

  it('points the ConfigMaps\' addresses of Services at loopback, and nothing else', () => {
    const edge = play().find((doc) => doc.kind === 'ConfigMap' && doc.metadata.name === 'edge-config')!.data!;
    expect(edge.IDENTITY_URL).toBe('http://127.0.0.1:4001');
    expect(edge.MARKETING_REMOTE_URL).toBe('http://127.0.0.1:3001');
    expect(Object.values(edge).filter((value) => /^[a-z]+:\/\/(identity|decoder|chat|billing|mf-[a-z]+|valkey)\b/.test(value))).toEqual([]);
    expect(onLoopback('https://keisha.example.com/x', ['identity'])).toBe('https://keisha.example.com/x');
    expect(onLoopback('redis://valkey:6379', ['valkey'])).toBe('redis://127.0.0.1:6379');
    expect(onLoopback('http://identityx:1', ['identity'])).toBe('http://identityx:1');
  });

  it('writes the Secrets\' values in, leaves optional ones without a value out, and lets overrides win', () => {
    const played = play({ overrides: { identity: { TRUST_PROXY: 'loopback' } }, secrets: { ...secrets, 'identity-secrets': { DATABASE_URL: 'postgres://db/identity', ADMIN_EMAIL: 'a@b.example' } } });
    const identity = played.find((doc) => doc.kind === 'Deployment' && doc.metadata.name === 'identity')!;
    expect(played.find((doc) => doc.kind === 'ConfigMap' && doc.metadata.name === 'identity-config')!.data!.TRUST_PROXY).toBe('loopback');
    const env = identity.spec.template.spec.containers[0].env as Array<{ name: string; value: string }>;
    expect(env).toContainEqual({ name: 'DATABASE_URL', value: 'postgres://db/identity' });
    expect(env).toContainEqual({ name: 'ADMIN_EMAIL', value: 'a@b.example' });
    expect(env.map((v) => v.name)).not.toContain('ADMIN_PASSWORD');
    expect(env.filter((v) => v.name === 'TRUST_PROXY')).toEqual([{ name: 'TRUST_PROXY', value: 'loopback' }]);
    // ... and in the ConfigMap it reads (podman lets envFrom win over the container's own variables).
  });

  it('refuses to start a Deployment without a Secret it requires', () => {
    expect(() => kubePlayManifests(documents, { images, secrets: { 'internal-api-token': { INTERNAL_API_TOKEN: 't' } }, overrides: {} })).toThrow(/needs the Secret .*DATABASE_URL/);
  });

  it('replaces a ConfigMap\'s data and mounts host folders', () => {
    const played = play({ configMapData: { remotes: { 'remotes.json': '{}' } }, hostMounts: { identity: { '/var/mail/keisha': '/tmp/mail' } } });
    expect(played.find((doc) => doc.kind === 'ConfigMap' && doc.metadata.name === 'remotes')!.data).toEqual({ 'remotes.json': '{}' });
    const pod = played.find((doc) => doc.kind === 'Deployment' && doc.metadata.name === 'identity')!.spec.template.spec;
    const volume = pod.volumes.find((v: any) => v.hostPath?.path === '/tmp/mail');
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: volume.name, mountPath: '/var/mail/keisha' });
  });
});
