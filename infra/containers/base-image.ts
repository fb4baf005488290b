// The images' base, made here without an image registry (none is reachable from these machines): Debian
// bookworm from Debian's own packages (debootstrap, minimal variant), the project's Node 24 (the npm package
// `node`'s binary, the same Node every script runs on) and this machine's npm. Imported into podman as
// localhost/keisha-node:<node version>. A second one, localhost/keisha-stores:bookworm, adds Debian's
// PostgreSQL and Redis for the site's database and shared store.
//
//   node infra/containers/base-image.ts            makes both when they are missing
//   node infra/containers/base-image.ts --force    makes them again
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../local/topology.ts';

export const NODE_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/node/package.json'), 'utf8')) as { version: string }).version;
export const BASE_IMAGE = `localhost/keisha-node:${NODE_VERSION}`;
export const STORES_IMAGE = 'localhost/keisha-stores:bookworm';
const WORK_DIR = process.env.KEISHA_CONTAINERS_DIR ?? path.join(os.tmpdir(), 'keisha-containers');

/** Runs a command, echoing it; stops the script with its output when it fails. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 3).join(' ')} failed (exit ${result.status}):\n${String(result.stderr ?? '').slice(-4000)}`);
  return String(result.stdout ?? '');
}

export function imageExists(reference: string): boolean {
  return spawnSync('podman', ['image', 'exists', reference]).status === 0;
}

/** The Debian mirror apt already uses here (Debian's packages are reachable; nothing else is). */
function debianMirror(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(file)) continue;
    const uri = /^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(\S+debian\/?)\s*$/m.exec(readFileSync(file, 'utf8'));
    if (uri) return uri[1]!;
  }
  return 'http://deb.debian.org/debian';
}

/** A minimal Debian root file system, made once and kept (as a tarball) for the next images. */
function debianRootfs(name: string, include: string[]): string {
  const tarball = path.join(WORK_DIR, `${name}.tar`);
  if (existsSync(tarball)) return tarball;
  const rootfs = path.join(WORK_DIR, `${name}-rootfs`);
  rmSync(rootfs, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  const started = Date.now();
  run('debootstrap', ['--variant=minbase', ...(include.length ? [`--include=${include.join(',')}`] : []), 'bookworm', rootfs, debianMirror()], { stdio: ['ignore', 'ignore', 'pipe'] });
  console.log(`debootstrap ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (name === 'node') addNode(rootfs);
  // The unprivileged user the images run as (uid 1000, as the official Node images' `node` user).
  run('chroot', [rootfs, 'sh', '-c', 'id -u node >/dev/null 2>&1 || useradd --uid 1000 --create-home --shell /bin/sh node']);
  run('tar', ['-C', rootfs, '-cf', tarball, '.']);
  rmSync(rootfs, { recursive: true, force: true });
  return tarball;
}

/** The project's Node binary and this machine's npm, into /usr/local. */
function addNode(rootfs: string): void {
  const nodeBinary = realpathSync(path.join(REPO_ROOT, 'node_modules/node/bin/node'));
  cpSync(nodeBinary, path.join(rootfs, 'usr/local/bin/node'));
  const npmDir = ['/usr/lib/node_modules/npm', '/usr/local/lib/node_modules/npm'].find((dir) => existsSync(dir));
  if (!npmDir) throw new Error('npm is not installed on this machine (looked in /usr/lib/node_modules/npm); install it with Node.js');
  cpSync(npmDir, path.join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
  writeFileSync(path.join(rootfs, 'etc/keisha-node-version'), `${NODE_VERSION}\n`);
}

function importImage(tarball: string, reference: string, changes: string[]): void {
  run('podman', ['import', ...changes.flatMap((c) => ['--change', c]), tarball, reference], { stdio: ['ignore', 'pipe', 'pipe'] });
}

export function ensureBaseImages(force = false): void {
  if (force || !imageExists(BASE_IMAGE)) {
    if (force) rmSync(path.join(WORK_DIR, 'node.tar'), { force: true });
    importImage(debianRootfs('node', []), BASE_IMAGE, ['ENV PATH=/usr/local/bin:/usr/bin:/bin', 'CMD ["node"]']);
  }
  if (force || !imageExists(STORES_IMAGE)) {
    if (force) rmSync(path.join(WORK_DIR, 'stores.tar'), { force: true });
    importImage(debianRootfs('stores', ['postgresql', 'redis-server']), STORES_IMAGE, ['ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/bin:/usr/bin:/bin']);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
  const started = Date.now();
  ensureBaseImages(values.force);
  console.log(`base images ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${BASE_IMAGE}, ${STORES_IMAGE}`);
}
