// The Kubernetes base as `podman kube play` can start it on one machine (issue 30, item 3). kube play reads Pods,
// Deployments, ConfigMaps and Secrets, not Services, autoscalers, disruption budgets, network policies, an
// Ingress or a StatefulSet, and pulls no image here (no registry is reachable). So, from the base's own documents:
// - its ConfigMaps and Deployments as they are, but one replica each, on the host's network, the images built by
//   test:containers, never pulled; a ConfigMap's address of a Service (http://identity:4001) points at loopback
//   (http://127.0.0.1:4001: each Service listens on its container's port; podman 4.3 gives a pod on the host's
//   network the host's /etc/hosts and ignores hostAliases, so the names themselves cannot resolve);
// - the Secrets' values the operator would provide, from `secrets`, written into the variables that refer to them
//   (podman 4.3, Debian 12's, does not read Secret documents; an optional key without a value is left out);
// - the few values a machine without a cluster needs (`overrides`: the stores' ports beside the machine's own, the
//   site's address, the sandbox asked for by name), as container variables, which win over a ConfigMap's.
// PostgreSQL and the shared store (a StatefulSet with a registry's image in the base) run beside it as containers.
import { parseAllDocuments, stringify } from 'yaml';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet?: { port: number | string; [key: string]: unknown };
  tcpSocket?: { port: number | string };
  [key: string]: unknown;
}
interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  imagePullPolicy?: string;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [key: string]: unknown };
  data?: Record<string, string>;
  spec?: {
    replicas?: number;
    template?: {
      spec: {
        hostNetwork?: boolean;
        containers: Container[];
        volumes?: Array<Record<string, unknown>>;
      };
    };
  };
}

export interface KubePlayOptions {
  /** Image name (as in the base) -> the local image to run instead. */
  images: Record<string, string>;
  /** Secret name -> key -> value. */
  secrets: Record<string, Record<string, string>>;
  /** Deployment name -> variables set on its container (they win over the ConfigMaps). */
  overrides: Record<string, Record<string, string>>;
  /** ConfigMap name -> data keys replaced. */
  configMapData?: Record<string, Record<string, string>>;
  /** Deployment name -> host folders mounted into its container: mount path -> host path. */
  hostMounts?: Record<string, Record<string, string>>;
}

/** A URL whose host is one of `services` (`http://identity:4001/x`), with loopback for the host; anything else as it is. */
export function onLoopback(value: string, services: readonly string[]): string {
  const match = /^([a-z]+:\/\/)([a-z0-9-]+)(?=[:/]|$)/.exec(value);
  return match && services.includes(match[2]!) ? `${match[1]}127.0.0.1${value.slice(match[0].length)}` : value;
}

/** Every document of the base's YAML texts. */
export function baseDocuments(texts: string[]): Manifest[] {
  return texts.flatMap((text) => parseAllDocuments(text).map((doc) => doc.toJS() as Manifest | null)).filter((doc): doc is Manifest => !!doc?.kind);
}

/** One YAML stream for `podman kube play`. Throws when a Deployment needs a Secret's key that `secrets` lacks. */
export function kubePlayManifests(documents: Manifest[], options: KubePlayOptions): string {
  const serviceNames = documents.filter((doc) => doc.kind === 'Service' || doc.kind === 'StatefulSet').map((doc) => doc.metadata.name);
  const played: Manifest[] = [];
  // An override of a key the Deployment's ConfigMap also sets is written into the ConfigMap as well: podman 4.3 lets
  // envFrom win over a container's own variable, where Kubernetes does the opposite.
  const configMapOverrides = new Map<string, Record<string, string>>();
  for (const doc of documents) {
    if (doc.kind !== 'Deployment') continue;
    for (const container of doc.spec!.template!.spec.containers) {
      for (const source of container.envFrom ?? []) {
        if (!source.configMapRef) continue;
        const map = configMapOverrides.get(source.configMapRef.name) ?? {};
        configMapOverrides.set(source.configMapRef.name, { ...map, ...options.overrides[doc.metadata.name] });
      }
    }
  }

  for (const doc of documents) {
    if (doc.kind === 'ConfigMap') {
      const overridden = configMapOverrides.get(doc.metadata.name) ?? {};
      const data = Object.fromEntries(Object.entries(doc.data ?? {}).map(([key, value]) => [key, key in overridden ? overridden[key]! : onLoopback(value, serviceNames)]));
      played.push({ ...doc, data: { ...data, ...options.configMapData?.[doc.metadata.name] } });
      continue;
    }
    if (doc.kind !== 'Deployment') continue;
    const name = doc.metadata.name;
    const pod = structuredClone(doc.spec!.template!.spec);
    pod.hostNetwork = true;
    for (const container of pod.containers) {
      const image = options.images[container.image.replace(/:[^/]+$/, '')];
      if (!image) throw new Error(`${name} runs ${container.image}, which has no local image`);
      container.image = image;
      container.imagePullPolicy = 'Never';
      // On the host's network a container publishes no ports (podman refuses port mappings there), so the probes
      // name their ports by number instead of by the names the port list gave them.
      const byName = new Map((container.ports ?? []).flatMap((port) => (port.name ? [[port.name, port.containerPort] as const] : [])));
      for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
        for (const action of [probe?.httpGet, probe?.tcpSocket]) {
          if (action && typeof action.port === 'string') action.port = byName.get(action.port) ?? Number(action.port);
        }
      }
      delete container.ports;
      const overrides = options.overrides[name] ?? {};
      container.env = (container.env ?? [])
        .filter((variable) => !(variable.name in overrides))
        .flatMap((variable): EnvVar[] => {
          const ref = variable.valueFrom?.secretKeyRef;
          if (!ref) return [variable];
          const value = options.secrets[ref.name]?.[ref.key];
          if (value === undefined && !ref.optional) throw new Error(`${name} needs the Secret ${ref.name}'s ${ref.key}`);
          return value === undefined ? [] : [{ name: variable.name, value }];
        })
        .concat(Object.entries(overrides).map(([key, value]) => ({ name: key, value })));
      for (const [mountPath, hostPath] of Object.entries(options.hostMounts?.[name] ?? {})) {
        const volume = `host-${(pod.volumes?.length ?? 0) + 1}`;
        pod.volumes = [...(pod.volumes ?? []), { name: volume, hostPath: { path: hostPath, type: 'Directory' } }];
        container.volumeMounts = [...(container.volumeMounts ?? []), { name: volume, mountPath }];
      }
    }
    played.push({ ...doc, spec: { ...doc.spec, replicas: 1, template: { ...doc.spec!.template!, spec: pod } } });
  }

  // ConfigMaps first: kube play reads what a Deployment refers to from the documents before it.
  return [...played.filter((doc) => doc.kind === 'ConfigMap'), ...played.filter((doc) => doc.kind === 'Deployment')]
    .map((doc) => stringify(doc))
    .join('---\n');
}
