// The built images held to infra/docker/images.ts (what the manifests and their checks in `npm test` rely on):
// each image's environment, command, working directory, user and health check as `podman image inspect` reads
// them, and the Node it runs. These replace the checks that used to read the Dockerfiles by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_USER, type ImageSpec } from '../docker/images.ts';
import { REPO_ROOT } from '../local/topology.ts';

export interface InspectedImage {
  Config: { Env?: string[]; Cmd?: string[]; WorkingDir?: string; User?: string; Healthcheck?: { Test?: string[] } };
  /** Where podman puts the image's HEALTHCHECK (docker puts it in Config). */
  Healthcheck?: { Test?: string[] };
  HealthCheck?: { Test?: string[] };
}

/** What is wrong with one built image, against its entry in the image list (empty: nothing). */
export function imageProblems(image: ImageSpec, inspected: InspectedImage, nodeVersion: string): string[] {
  const problems: string[] = [];
  const env = Object.fromEntries((inspected.Config.Env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  for (const [key, value] of Object.entries(image.env)) {
    if (env[key] !== value) problems.push(`${image.name}: ${key} is ${JSON.stringify(env[key])}, the image list says ${JSON.stringify(value)}`);
  }
  if (JSON.stringify(inspected.Config.Cmd) !== JSON.stringify(image.command)) problems.push(`${image.name}: runs ${JSON.stringify(inspected.Config.Cmd)}, not ${JSON.stringify(image.command)}`);
  if (inspected.Config.WorkingDir !== image.workdir) problems.push(`${image.name}: works in ${inspected.Config.WorkingDir}, not ${image.workdir}`);
  if (inspected.Config.User !== IMAGE_USER) problems.push(`${image.name}: runs as ${JSON.stringify(inspected.Config.User)}, not ${IMAGE_USER}`);
  if (!(inspected.Config.Healthcheck ?? inspected.Healthcheck ?? inspected.HealthCheck)?.Test?.length) problems.push(`${image.name}: has no health check`);
  const expected = `v${projectNode()}`;
  if (nodeVersion.trim() !== expected) problems.push(`${image.name}: runs Node ${nodeVersion.trim()}, the project ${expected}`);
  return problems;
}

/** The Node version the project runs on (the root package's `node` development dependency). */
export function projectNode(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.node!;
}
