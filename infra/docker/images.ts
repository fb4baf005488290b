// The production images: one list, read by the build command below, checked against the Kubernetes manifests
// (infra/k8s/manifests-*.test.ts) and against the images themselves once built (`npm run test:containers`
// inspects each: its environment, command, working directory and user are the ones written here).
//
//   node infra/docker/images.ts                                 prints the docker build commands
//   node infra/docker/images.ts --registry R --tag T --push     builds, tags R/<image>:T and pushes each
//
// Run from anywhere; the build context is always the repository root.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { portsFrom, REMOTE_DIRS, REMOTES, REPO_ROOT, SERVICES } from '../local/topology.ts';

export interface ImageSpec {
  /** The image's name in the manifests, before a registry and tag are put on it. */
  name: string;
  /** Relative to the repository root. */
  dockerfile: string;
  /** The final stage to build. */
  target: string;
  buildArgs: Record<string, string>;
  /** What the image runs (its CMD), from `workdir` (its WORKDIR). */
  command: string[];
  workdir: string;
  /** The environment the image sets (its ENV), before a deployment adds its own. */
  env: Record<string, string>;
}

/** The user every image runs as, by number (Kubernetes can only check runAsNonRoot against a number). */
export const IMAGE_USER = '1000:1000';

/** The repository file an image's command starts (the images keep the repository's layout under /app). */
export function entryOf(image: ImageSpec): string {
  return path.posix.relative('/app', path.posix.resolve(image.workdir, image.command[1]!));
}

/** Containers listen on the ports of the local run (npm start), so one table of ports serves both. */
export const CONTAINER_PORTS = portsFrom(3000);

export const IMAGES: ImageSpec[] = [
  ...SERVICES.map((service) => ({
    name: `keisha/${service}-service`,
    dockerfile: 'infra/docker/service.Dockerfile',
    target: 'service',
    buildArgs: { SERVICE: service, PORT: String(CONTAINER_PORTS.services[service]) },
    command: ['node', 'src/server.ts'],
    workdir: `/app/services/${service}`,
    env: { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: String(CONTAINER_PORTS.services[service]), DATA_DIR: '/var/lib/keisha' },
  })),
  {
    name: 'keisha/edge',
    dockerfile: 'infra/docker/edge.Dockerfile',
    target: 'edge',
    buildArgs: {},
    command: ['node', 'infra/edge/server.ts'],
    workdir: '/app',
    env: {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: String(CONTAINER_PORTS.gateway),
      SHELL_DIR: '/app/shell/dist',
      MARKETING_DIR: '/app/site-files',
      REMOTES_FILE: '/etc/keisha/remotes/remotes.json',
    },
  },
  ...REMOTES.map((remote) => ({
    name: `keisha/${REMOTE_DIRS[remote]}`,
    dockerfile: 'infra/docker/remote.Dockerfile',
    target: 'remote',
    buildArgs: { REMOTE: remote, PORT: String(CONTAINER_PORTS.remotes[remote]) },
    command: ['node', 'infra/edge/remote-server.ts'],
    workdir: '/app',
    env: { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: String(CONTAINER_PORTS.remotes[remote]), STATIC_DIR: '/app/dist' },
  })),
];

/** `docker build` arguments for one image, tagged `<registry>/<name>:<tag>` (no registry: `<name>:<tag>`). */
export function buildArgsFor(image: ImageSpec, registry: string | undefined, tag: string, extraBuildArgs: Record<string, string> = {}): string[] {
  const reference = `${registry ? `${registry.replace(/\/+$/, '')}/` : ''}${image.name}:${tag}`;
  return [
    'build',
    '--file',
    image.dockerfile,
    '--target',
    image.target,
    ...Object.entries({ ...image.buildArgs, ...extraBuildArgs }).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]),
    '--tag',
    reference,
    '.',
  ];
}

function main() {
  const { values } = parseArgs({
    options: {
      registry: { type: 'string' },
      tag: { type: 'string', default: 'latest' },
      only: { type: 'string' },
      'site-url': { type: 'string' },
      push: { type: 'boolean', default: false },
      print: { type: 'boolean', default: false },
    },
  });
  const images = values.only ? IMAGES.filter((image) => values.only!.split(',').includes(image.name)) : IMAGES;
  if (images.length === 0) throw new Error(`No image named ${values.only}; known: ${IMAGES.map((i) => i.name).join(', ')}`);
  // The site's address goes into sitemap.xml and robots.txt, built into the edge and the marketing remote.
  const extra: Record<string, string> = values['site-url'] ? { KEISHA_SITE_URL: values['site-url'] } : {};
  const dryRun = values.print || (!values.registry && !values.push);
  for (const image of images) {
    const args = buildArgsFor(image, values.registry, values.tag, image.name === 'keisha/edge' || image.name === 'keisha/mf-marketing' ? extra : {});
    const reference = args[args.length - 2]!;
    if (dryRun) {
      console.log(['docker', ...args].join(' '));
      if (values.push) console.log(`docker push ${reference}`);
      continue;
    }
    for (const step of [args, ...(values.push ? [['push', reference]] : [])]) {
      const result = spawnSync('docker', step, { cwd: REPO_ROOT, stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
