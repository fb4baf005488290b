// The image list held to the code it packages. What the Dockerfiles do is checked by building them for real
// (`npm run test:containers`: each image is built, inspected against this list, and run as the whole site);
// these are the cheap checks that need no build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, REMOTE_DIRS, REMOTES, SERVICES } from '../local/topology.ts';
import { importClosure } from './import-closure.ts';
import { buildArgsFor, CONTAINER_PORTS, entryOf, IMAGES } from './images.ts';

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

  it.each(IMAGES.map((image) => [image.name, image] as const))('%s listens on all addresses, in production, on its port', (_name, image) => {
    expect(existsSync(path.join(REPO_ROOT, image.dockerfile))).toBe(true);
    expect(image.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    if (image.buildArgs.PORT) expect(image.env.PORT).toBe(image.buildArgs.PORT);
  });

  // `npm ci --omit=dev` installs what the workspaces list as dependencies, nothing they only develop with: a package a
  // process imports from devDependencies works in every test and fails in the image at its first request.
  it.each(IMAGES.map((image) => [image.name, image] as const))('%s: every package its process imports is a production dependency', (_name, image) => {
    const entry = entryOf(image);
    expect(existsSync(path.join(REPO_ROOT, entry)), entry).toBe(true);
    const { packages } = importClosure(entry);
    for (const [name, importers] of packages) {
      const listed = [...importers].some((workspace) => name in workspace.dependencies);
      expect(listed, `${name} is imported by ${[...importers].map((w) => w.name).join(', ')} but is not a dependency`).toBe(true);
    }
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, builds, local data, tests and git out of the context', () => {
    const patterns = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of ['.git', '**/node_modules', '**/dist', '.data', '**/*.test.ts']) expect(patterns).toContain(pattern);
  });
});
