// The Dockerfiles held to the code they package: no Docker engine is needed to know that a COPY names a file
// that is not there, that a workspace is missing from npm ci, or that the process would import a package the
// image does not have.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, REMOTE_DIRS, REMOTES, SERVICES } from '../local/topology.ts';
import {
  argsOf,
  cmdOf,
  copiesOf,
  envOf,
  lineage,
  parseDockerfile,
  readDockerfile,
  stageNamed,
  workdirOf,
  type Dockerfile,
  type Stage,
} from './dockerfile.ts';
import { buildArgsFor, CONTAINER_PORTS, IMAGES, type ImageSpec } from './images.ts';

const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
  devDependencies: Record<string, string>;
};

interface Workspace {
  dir: string;
  name: string;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
}

/** Every workspace of the root package.json, its globs expanded. */
const WORKSPACES: Workspace[] = rootPackage.workspaces.flatMap((pattern) => {
  const dirs = pattern.endsWith('/*')
    ? readdirSync(path.join(REPO_ROOT, pattern.slice(0, -2)))
        .map((entry) => `${pattern.slice(0, -2)}/${entry}`)
        .filter((dir) => existsSync(path.join(REPO_ROOT, dir, 'package.json')))
    : [pattern];
  return dirs.map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
      main?: string;
      dependencies?: Record<string, string>;
    };
    return {
      dir,
      name: manifest.name,
      exports: manifest.exports ?? (manifest.main ? { '.': manifest.main } : {}),
      dependencies: manifest.dependencies ?? {},
    };
  });
});

const DOCKERFILES = [...new Set(IMAGES.map((image) => image.dockerfile))];

/** A path in the image (absolute, or relative to the stage's WORKDIR) as a path of the repository, when it is one. */
function repoPathOf(imagePath: string, workdir: string): string {
  return path.posix.relative('/app', path.posix.resolve(workdir, imagePath));
}

/** Repository files (relative paths) a stage and its parents COPY from the build context. */
function copiedFromContext(dockerfile: Dockerfile, stage: Stage, buildArgs: Record<string, string>): string[] {
  return lineage(dockerfile, stage).flatMap((each) =>
    copiesOf(dockerfile, each, buildArgs)
      .filter((copy) => !copy.from)
      .flatMap((copy) => copy.sources),
  );
}

function isCovered(file: string, copied: string[]): boolean {
  return copied.some((source) => {
    const clean = source.replace(/\/$/, '');
    return file === clean || file.startsWith(`${clean}/`);
  });
}

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Bare package name of a specifier (`@scope/name/sub` -> `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The repository files a process loads, from its entry, following relative imports and `@keisha/*` workspace
 * exports; and the outside packages it imports, with the workspace that imports each.
 */
function importClosure(entry: string): { files: Set<string>; packages: Map<string, Set<Workspace>> } {
  const files = new Set<string>();
  const packages = new Map<string, Set<Workspace>>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const owner = WORKSPACES.filter((w) => file.startsWith(`${w.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0]!;
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        queue.push(path.posix.join(path.posix.dirname(file), specifier));
        continue;
      }
      const name = packageOf(specifier);
      const workspace = WORKSPACES.find((w) => w.name === name);
      if (workspace) {
        const subpath = `.${specifier.slice(name.length)}`;
        const target = workspace.exports[subpath];
        if (!target) throw new Error(`${file} imports ${specifier}, which ${name} does not export`);
        queue.push(path.posix.join(workspace.dir, target));
        continue;
      }
      const importers = packages.get(name) ?? new Set<Workspace>();
      importers.add(owner);
      packages.set(name, importers);
    }
  }
  return { files, packages };
}

function finalStage(image: ImageSpec): { dockerfile: Dockerfile; stage: Stage } {
  const dockerfile = readDockerfile(image.dockerfile);
  return { dockerfile, stage: stageNamed(dockerfile, image.target) };
}

/** The stage the final stage takes its entry script from (the `--from` of the COPY that brings it). */
function entrySourceStage(dockerfile: Dockerfile, stage: Stage, buildArgs: Record<string, string>, entry: string): Stage {
  const imagePath = `/app/${entry}`;
  const copy = copiesOf(dockerfile, stage, buildArgs).find((c) => c.from && c.sources.some((s) => imagePath.startsWith(`${s.replace(/\/$/, '')}/`)));
  if (!copy) throw new Error(`${stage.name} copies no ${imagePath} from another stage`);
  return stageNamed(dockerfile, copy.from!);
}

describe('the Dockerfile parser', () => {
  it('joins continuations, skips comments and substitutes build arguments', () => {
    const parsed = parseDockerfile(
      ['ARG V=1', '# note', 'FROM node:${V} AS a', 'ARG X', 'ENV A=1 \\', '    B=${X}', 'FROM a AS b', 'COPY --from=a /x/${X} y/'].join('\n'),
    );
    expect(parsed.globalArgs).toEqual({ V: '1' });
    expect(parsed.stages.map((s) => [s.name, s.from])).toEqual([
      ['a', 'node:${V}'],
      ['b', 'a'],
    ]);
    const b = stageNamed(parsed, 'b');
    expect(envOf(parsed, b, { X: 'two' })).toEqual({ A: '1', B: 'two' });
    expect(copiesOf(parsed, b, { X: 'two' })).toEqual([{ from: 'a', sources: ['/x/two'], destination: 'y/' }]);
  });
});

describe('the image list', () => {
  it('has one image per service, one per remote and the edge', () => {
    expect(IMAGES.map((image) => image.name).sort()).toEqual(
      [...SERVICES.map((s) => `keisha/${s}-service`), ...REMOTES.map((r) => `keisha/${REMOTE_DIRS[r]}`), 'keisha/edge'].sort(),
    );
  });

  it('prints docker build commands with the registry and tag on the name', () => {
    const identity = IMAGES.find((image) => image.name === 'keisha/identity-service')!;
    expect(buildArgsFor(identity, 'registry.example.com/team/', '1.2.3')).toEqual([
      'build',
      '--file',
      'infra/docker/service.Dockerfile',
      '--target',
      'service',
      '--build-arg',
      'SERVICE=identity',
      '--build-arg',
      `PORT=${CONTAINER_PORTS.services.identity}`,
      '--tag',
      'registry.example.com/team/keisha/identity-service:1.2.3',
      '.',
    ]);
  });
});

describe.each(DOCKERFILES)('%s', (file) => {
  const dockerfile = readDockerfile(file);
  const images = IMAGES.filter((image) => image.dockerfile === file);

  it('runs on the Node the project runs on: the official slim image, or the offline base test:containers passes', () => {
    expect(dockerfile.globalArgs.NODE_VERSION).toBe(rootPackage.devDependencies.node);
    expect(dockerfile.globalArgs.BASE_IMAGE).toBe('node:${NODE_VERSION}-slim');
    for (const stage of dockerfile.stages) {
      if (!dockerfile.stages.some((other) => other.name === stage.from)) expect(stage.from).toBe('${BASE_IMAGE}');
    }
  });

  it.each(images.map((image) => [image.name, image] as const))('builds %s: its target and build arguments exist', (_name, image) => {
    const { stage } = finalStage(image);
    const declared = dockerfile.stages.flatMap((s) => s.instructions.filter((i) => i.op === 'ARG').map((i) => i.text.split('=')[0]));
    for (const key of Object.keys(image.buildArgs)) expect(declared).toContain(key);
    expect(stage.instructions.some((i) => i.op === 'HEALTHCHECK')).toBe(true);
    // The image's `node` user, by number (Kubernetes can only check runAsNonRoot against a number).
    expect(stage.instructions.filter((i) => i.op === 'USER').at(-1)?.text).toBe('1000:1000');
  });

  it.each(images.map((image) => [image.name, image] as const))('%s: every COPY source is in the repository', (_name, image) => {
    for (const stage of dockerfile.stages) {
      for (const copy of copiesOf(dockerfile, stage, image.buildArgs)) {
        if (copy.from) {
          expect(dockerfile.stages.map((s) => s.name)).toContain(copy.from);
          continue;
        }
        for (const source of copy.sources) expect(existsSync(path.join(REPO_ROOT, source)), `${stage.name}: COPY ${source}`).toBe(true);
      }
    }
  });

  it('gives npm ci the lockfile and every workspace manifest', () => {
    for (const stage of dockerfile.stages) {
      if (!stage.instructions.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.text))) continue;
      const copied = copiedFromContext(dockerfile, stage, images[0]!.buildArgs);
      expect(copied).toContain('package-lock.json');
      for (const workspace of WORKSPACES) expect(copied, `${stage.name} misses ${workspace.dir}`).toContain(`${workspace.dir}/package.json`);
    }
  });

  it.each(images.map((image) => [image.name, image] as const))('%s: the process finds every file and package it imports', (_name, image) => {
    const { stage } = finalStage(image);
    const cmd = cmdOf(stage)!;
    expect(cmd[0]).toBe('node');
    const entry = repoPathOf(cmd[1]!, workdirOf(dockerfile, stage, image.buildArgs));
    expect(existsSync(path.join(REPO_ROOT, entry)), entry).toBe(true);

    const source = entrySourceStage(dockerfile, stage, image.buildArgs, entry);
    const copied = copiedFromContext(dockerfile, source, image.buildArgs);
    const { files, packages } = importClosure(entry);
    for (const file of files) expect(isCovered(file, copied), `${file} is not copied into the image`).toBe(true);

    const takesAllModules = copiesOf(dockerfile, stage, image.buildArgs).some((c) => c.from === source.name && c.sources.includes('/app'));
    for (const [name, importers] of packages) {
      if (takesAllModules) {
        // npm ci --omit=dev installs what the workspaces list as dependencies, nothing they only develop with.
        const listed = [...importers].some((w) => name in w.dependencies);
        expect(listed, `${name} is imported by ${[...importers].map((w) => w.name).join(', ')} but is not a dependency`).toBe(true);
      } else {
        const modules = copiesOf(dockerfile, stage, image.buildArgs).flatMap((c) => c.sources);
        expect(modules, `${name} is imported but not copied into the image`).toContain(`/app/node_modules/${name}`);
      }
    }
  });

  it.each(images.map((image) => [image.name, image] as const))('%s: the final stage listens where its image says', (_name, image) => {
    const { stage } = finalStage(image);
    const env = envOf(dockerfile, stage, image.buildArgs);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.NODE_ENV).toBe('production');
    if (image.buildArgs.PORT) expect(env.PORT).toBe(image.buildArgs.PORT);
    const expose = stage.instructions.find((i) => i.op === 'EXPOSE')!.text;
    expect(expose.replace('${PORT}', env.PORT!)).toBe(env.PORT);
    expect(argsOf(dockerfile, stage, image.buildArgs)).toMatchObject(image.buildArgs);
  });
});

describe('.dockerignore', () => {
  const patterns = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('keeps dependencies, builds, local data and git out of the context', () => {
    for (const pattern of ['.git', '**/node_modules', '**/dist', '.data']) expect(patterns).toContain(pattern);
  });

  it('never excludes a file an image copies', () => {
    const matches = (file: string, pattern: string) =>
      path.posix.matchesGlob(file, pattern) || (pattern.startsWith('**/') && path.posix.matchesGlob(file, pattern.slice(3)));
    for (const image of IMAGES) {
      const dockerfile = readDockerfile(image.dockerfile);
      for (const stage of dockerfile.stages) {
        for (const source of copiedFromContext(dockerfile, stage, image.buildArgs)) {
          if (statSync(path.join(REPO_ROOT, source)).isDirectory()) continue;
          for (const pattern of patterns) expect(matches(source, pattern), `${source} is excluded by ${pattern}`).toBe(false);
        }
      }
    }
  });
});
