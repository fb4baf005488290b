// `npm run test:containers`: builds the nine production images here (podman, from the offline base of
// base-image.ts), runs the whole site from them with the Kubernetes base's environment (edge, four remotes,
// four services, PostgreSQL and the shared store, each a container), and walks through it as a reader does,
// through the edge container only: the pages load in Chromium, then sign up, analyse, chat and buy in the
// sandbox. Slow (the first run makes the base images) and outside `npm test`; it prints its times.
//
//   npm run test:containers                   build, run, check, remove the containers
//   npm run test:containers -- --no-build     use the images already built (keisha/*:containers)
//   npm run test:containers -- --keep         leave the site running afterwards (stop: --down)
//
// The site runs twice: first each part with `podman run` and its ConfigMap's variables, then the Kubernetes base
// itself with `podman kube play` (kube-play.ts); the reader's walk is made through the edge both times.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@keisha/config/chromium';
import { AUTH_PATHS, ADMIN_PATHS } from '@keisha/contracts/identity';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { IMAGES, buildArgsFor, CONTAINER_PORTS } from '../docker/images.ts';
import { REPO_ROOT, REMOTES, REMOTE_DIRS, SERVICES } from '../local/topology.ts';
import { call, streamChat, useGateway, article, type Reader } from '../faults/harness.ts';
import { buyDecoderPlan } from '../faults/outages.ts';
import { waitForVerificationToken } from '@keisha/service-kit/testing';
import { BASE_IMAGE, ensureBaseImages, run, STORES_IMAGE } from './base-image.ts';
import { imageProblems, type InspectedImage } from './image-checks.ts';
import { baseDocuments, kubePlayManifests } from './kube-play.ts';

const TAG = 'containers';
const PREFIX = 'keisha-ct-';
/** PostgreSQL and the shared store listen beside the machine's own (5432, 6379), on the host's network. */
const POSTGRES_PORT = 55432;
const REDIS_PORT = 56379;
const SITE = `http://localhost:${CONTAINER_PORTS.gateway}`;
/** Identity's mail folder, on this machine (writable by the image's user). */
const MAIL_DIR = mkdtempSync(path.join(os.tmpdir(), 'keisha-ct-mail-'));
chmodSync(MAIL_DIR, 0o777);
const ADMIN = { email: 'admin@keisha.example', password: `Containers-${randomBytes(6).toString('hex')}` };

process.env.CONTAINERS_CONF ??= path.join(import.meta.dirname, 'containers.conf');

const timings: Array<[string, number]> = [];
async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push([label, (Date.now() - started) / 1000]);
    console.log(`-- ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const podman = (args: string[]) => run('podman', args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** The data of every ConfigMap of the Kubernetes base, by name. */
function configMaps(): Map<string, Record<string, string>> {
  const maps = new Map<string, Record<string, string>>();
  const dir = path.join(REPO_ROOT, 'infra/k8s/base');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), 'utf8'))) {
      const value = doc.toJS() as { kind?: string; metadata?: { name?: string }; data?: Record<string, string> } | null;
      if (value?.kind === 'ConfigMap' && value.metadata?.name) maps.set(value.metadata.name, value.data ?? {});
    }
  }
  return maps;
}

/** The cluster's service names, all on this machine's loopback here (the containers share the host's network). */
const HOSTS = ['identity', 'decoder', 'chat', 'billing', 'valkey', 'postgres', ...REMOTES.map((r) => REMOTE_DIRS[r])];
const hostFlags = HOSTS.flatMap((host) => ['--add-host', `${host}:127.0.0.1`]);

function buildImages(): void {
  const cache = path.join(os.homedir(), '.npm');
  const caFile = ['/etc/ssl/certs/ca-certificates.crt'].find((f) => { try { readFileSync(f); return true; } catch { return false; } });
  for (const image of IMAGES) {
    const started = Date.now();
    const args = buildArgsFor(image, undefined, TAG, {
      BASE_IMAGE,
      // npm installs from this machine's npm cache first; what it lacks comes from the npm registry.
      NPM_CI_FLAGS: ['--prefer-offline', '--cache=/host-npm-cache', ...(caFile ? ['--cafile=/host-ca.crt'] : [])].join(' '),
    });
    run('podman', [
      'build', '--format', 'docker', '--network', 'host', '--layers',
      '-v', `${cache}:/host-npm-cache`, ...(caFile ? ['-v', `${caFile}:/host-ca.crt:ro`] : []),
      ...args.slice(1),
    ], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    const took = (Date.now() - started) / 1000;
    timings.push([`build ${image.name}`, took]);
    console.log(`-- built ${image.name}:${TAG} in ${took.toFixed(0)} s`);
  }
}

/** Each built image against the image list: environment, command, working directory, user, health check, Node. */
function checkImages(): void {
  for (const image of IMAGES) {
    const reference = `${image.name}:${TAG}`;
    const [inspected] = JSON.parse(podman(['image', 'inspect', reference])) as InspectedImage[];
    const node = podman(['run', '--rm', '--network', 'host', '--entrypoint', 'node', reference, '--version']);
    const found = imageProblems(image, inspected!, node);
    for (const problem of found) problems.push(problem);
    console.log(`${found.length ? 'FAIL' : 'ok  '} ${reference}: environment, command, working directory, user, health check and Node as listed`);
  }
}

/** The site as podman kube play last started it (removed with `podman kube down`). */
const KUBE_FILE = path.join(os.tmpdir(), 'keisha-ct-site.yaml');

function removeContainers(): void {
  if (existsSync(KUBE_FILE)) {
    try {
      podman(['kube', 'down', KUBE_FILE]);
    } catch {
      // nothing of it was running
    }
    rmSync(KUBE_FILE, { force: true });
  }
  const names = podman(['ps', '-a', '--format', '{{.Names}}']).split('\n').filter((n) => n.startsWith(PREFIX));
  if (names.length) podman(['rm', '-f', '-t', '5', ...names]);
}

function start(name: string, image: string, env: Record<string, string>, extra: string[] = [], command: string[] = []): void {
  podman([
    'run', '-d', '--name', `${PREFIX}${name}`, '--network', 'host', ...hostFlags,
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    ...extra, image, ...command,
  ]);
}

async function waitFor(label: string, url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const logs = spawnLogs(label);
  throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000} s. Its log ends:\n${logs}`);
}

function spawnLogs(name: string): string {
  try {
    return podman(['logs', '--tail', '30', `${PREFIX}${name}`]);
  } catch (error) {
    return String(error);
  }
}

const DATABASE_URL = `postgres://postgres@127.0.0.1:${POSTGRES_PORT}/keisha`;
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
/** The remotes registry the shell reads, pointing at this machine's edge. */
const REMOTES_JSON = JSON.stringify(Object.fromEntries(REMOTES.map((r) => [r, `${SITE}/remotes/${r}/mf-manifest.json`])), null, 2);

/** What a machine without a cluster sets beside the base's ConfigMaps, by service. */
function serviceOverrides(service: (typeof SERVICES)[number]): Record<string, string> {
  return {
    // The pods' addresses here are loopback: believe the edge's X-Forwarded-For from it.
    TRUST_PROXY: 'loopback',
    // The shared store beside the machine's own Redis.
    REDIS_URL,
    REDIS_KEY_PREFIX: 'keisha:containers',
    ...(service === 'identity' ? { PUBLIC_URL: SITE, COOKIE_SECURE: 'false', MAIL_DIR: '/var/mail/keisha' } : {}),
    // The sandbox checkout, asked for by name: production turns it off by default.
    ...(service === 'billing' ? { PAYMENTS_SANDBOX: 'on', PUBLIC_BASE_URL: SITE, RETURN_URL_ORIGINS: SITE } : {}),
  };
}
const EDGE_OVERRIDES = { PUBLIC_ORIGIN: SITE, TRUST_PROXY: '127.0.0.0/8' };

async function waitForSite(): Promise<void> {
  for (const service of SERVICES) await waitFor(service, `http://127.0.0.1:${CONTAINER_PORTS.services[service]}/health/ready`);
  for (const remote of REMOTES) await waitFor(REMOTE_DIRS[remote], `http://127.0.0.1:${CONTAINER_PORTS.remotes[remote]}/mf-manifest.json`);
  await waitFor('edge', `${SITE}/`);
}

/** PostgreSQL and the shared store, each a container (the base's StatefulSet names a registry's image). */
function startStores(): void {
  start('postgres', STORES_IMAGE, {}, ['--user', 'postgres'], [
    'sh', '-c',
    `initdb -D /tmp/pg -A trust -U postgres >/dev/null && postgres -D /tmp/pg -p ${POSTGRES_PORT} -k /tmp -c listen_addresses=127.0.0.1 & ` +
      `until pg_isready -h 127.0.0.1 -p ${POSTGRES_PORT} -q; do sleep 0.2; done; createdb -h 127.0.0.1 -p ${POSTGRES_PORT} -U postgres keisha; wait`,
  ]);
  start('valkey', STORES_IMAGE, {}, ['--user', 'redis'], ['redis-server', '--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
}

/** The site with one `podman run` a part, each with its ConfigMap's variables. */
async function startSite(): Promise<void> {
  const maps = configMaps();
  const token = randomBytes(32).toString('hex');
  startStores();

  // Each service with its ConfigMap as the base sets it, and the Secrets' values the base leaves to the operator.
  for (const service of SERVICES) {
    const env: Record<string, string> = {
      ...maps.get(`${service}-config`),
      DATABASE_URL,
      INTERNAL_API_TOKEN: token,
      ...(service === 'identity' ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
      ...serviceOverrides(service),
    };
    start(service, `keisha/${service}-service:${TAG}`, env, service === 'identity' ? ['-v', `${MAIL_DIR}:/var/mail/keisha`] : []);
  }
  for (const remote of REMOTES) {
    start(REMOTE_DIRS[remote], `keisha/${REMOTE_DIRS[remote]}:${TAG}`, { PORT: String(CONTAINER_PORTS.remotes[remote]) });
  }
  // The edge: its ConfigMap, with the site's address and the remotes registry pointing at this machine.
  const registryDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-ct-remotes-'));
  writeFileSync(path.join(registryDir, 'remotes.json'), REMOTES_JSON);
  // Mounted as a ConfigMap is: readable by the image's unprivileged user.
  chmodSync(registryDir, 0o755);
  chmodSync(path.join(registryDir, 'remotes.json'), 0o644);
  start('edge', `keisha/edge:${TAG}`, { ...maps.get('edge-config'), ...EDGE_OVERRIDES }, ['-v', `${registryDir}:/etc/keisha/remotes:ro`]);
  await waitForSite();
}

/**
 * The site from the Kubernetes base itself, with `podman kube play` (kube-play.ts says what it changes); the stores
 * as containers beside it. What it played stays in KUBE_FILE, for `podman kube down`.
 */
async function startSiteWithKubePlay(): Promise<void> {
  const token = randomBytes(32).toString('hex');
  startStores();
  const base = path.join(REPO_ROOT, 'infra/k8s/base');
  const documents = baseDocuments(readdirSync(base).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').map((f) => readFileSync(path.join(base, f), 'utf8')));
  const yaml = kubePlayManifests(documents, {
    images: Object.fromEntries(IMAGES.map((image) => [image.name, `localhost/${image.name}:${TAG}`])),
    secrets: {
      'internal-api-token': { INTERNAL_API_TOKEN: token },
      ...Object.fromEntries(SERVICES.map((service) => [`${service}-secrets`, { DATABASE_URL }])),
      'identity-secrets': { DATABASE_URL, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    },
    overrides: { ...Object.fromEntries(SERVICES.map((service) => [service, serviceOverrides(service)])), edge: EDGE_OVERRIDES },
    configMapData: { remotes: { 'remotes.json': REMOTES_JSON } },
    hostMounts: { identity: { '/var/mail/keisha': MAIL_DIR } },
  });
  writeFileSync(KUBE_FILE, yaml);
  podman(['kube', 'play', KUBE_FILE]);
  await waitForSite();
}

const problems: string[] = [];
/** Says what was checked; a failure keeps `detail` (the answer that was wrong) for the summary. */
const expectThat = (ok: boolean, what: string, detail = '') => {
  if (!ok) problems.push(`${what}: ${detail}`);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : ` (${detail})`}`);
};

/** The reader's walk, through the edge container only. */
async function smoke(): Promise<void> {
  useGateway(SITE);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${SITE}/`);
    await page.locator('[data-remote="marketing"]').first().waitFor({ timeout: 30_000 });
    expectThat(true, 'the landing page renders the marketing remote in Chromium');
    await page.goto(`${SITE}/bias-detection`);
    const decoder = page.locator('[data-remote="decoder"]').first();
    await decoder.waitFor({ timeout: 30_000 });
    expectThat(true, 'the decoder page renders the decoder remote in Chromium');
  } finally {
    await browser.close();
  }

  const email = `containers-${Date.now().toString(36)}@example.org`;
  const password = `Smoke-${randomBytes(8).toString('hex')}`;
  const signedUp = await call('POST', AUTH_PATHS.register, { body: { email, password } });
  expectThat(signedUp.status === 201, 'a reader signs up through the edge', `${signedUp.status} ${JSON.stringify(signedUp.body).slice(0, 200)}`);
  let reader: Reader = { id: signedUp.body?.user?.id, token: signedUp.body?.token, email };

  const analysed = await call('POST', DECODER_PATHS.analyze, { token: reader.token, body: { text: article('containers'), time_zone: 'UTC' }, timeoutMs: 60_000 });
  expectThat(analysed.status === 200 && typeof analysed.body?.analysis?.score === 'number', 'the reader\'s article is analysed', String(analysed.status));

  // The address confirmed the way the reader does it: with the link of the message identity's container wrote
  // (no SMTP server here, so its mail folder is this machine's); the chat waits for a confirmed address.
  const admin = await call('POST', AUTH_PATHS.adminLogin, { body: ADMIN });
  const outbox = await call('GET', ADMIN_PATHS.outbox, { token: admin.body?.token });
  expectThat(admin.status === 200 && outbox.status === 200, 'the administrator signs in and reads the outbox', `${admin.status}, ${outbox.status}`);
  const { token: link } = await waitForVerificationToken(MAIL_DIR, email, { timeoutMs: 30_000 });
  const verified = await call('POST', AUTH_PATHS.verifyEmail, { body: { token: link } });
  expectThat(verified.status === 200, 'the reader confirms the address with the mailed link', String(verified.status));
  const signedIn = await call('POST', AUTH_PATHS.login, { body: { email, password } });
  reader = { ...reader, token: signedIn.body?.token ?? reader.token };

  const chatted = await streamChat(reader.token, 'What is a dog whistle?', 60_000);
  expectThat(chatted.status === 200 && chatted.events.includes('done'), 'Keisha answers in the chat, streamed to the end', `${chatted.status} ${JSON.stringify(chatted.body).slice(0, 200)}`);

  await buyDecoderPlan(reader, 'monthly');
  let tier = '';
  for (let i = 0; i < 20 && tier !== 'monthly'; i++) {
    const usage = await call('GET', `${DECODER_PATHS.usage}?time_zone=UTC`, { token: reader.token });
    tier = usage.body?.usage?.subscription_tier ?? usage.body?.subscription_tier ?? '';
    if (tier !== 'monthly') await new Promise((r) => setTimeout(r, 500));
  }
  expectThat(tier === 'monthly', 'the reader buys the monthly plan in the sandbox and has it', `tier ${tier || 'unknown'}`);

  // Identity writes the file to its disk before sending it: /tmp, the one writable place in its container.
  const exported = await call('GET', AUTH_PATHS.exportData, { token: reader.token, timeoutMs: 60_000 });
  const file = exported.body;
  expectThat(
    exported.status === 200 && file?.account_id === reader.id && file?.decoder?.analyses?.length === 1 && file?.chat?.conversations?.length === 1 && file?.billing?.purchases?.length >= 1,
    'the reader downloads their data: the analysis, the conversation and the plan in one file',
    `${exported.status} ${JSON.stringify(file).slice(0, 200)}`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { build: { type: 'boolean', default: true }, 'no-build': { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, down: { type: 'boolean', default: false } } });
  const started = Date.now();
  try {
    run('podman', ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    console.error('podman is not installed. Install it with: apt-get install -y podman buildah runc debootstrap');
    process.exit(1);
  }
  removeContainers();
  if (values.down) return;
  await timed('base images', () => ensureBaseImages());
  if (!values['no-build']) await timed('nine images', () => buildImages());
  try {
    await timed('images inspected against the image list', () => checkImages());
    await timed('site started from the images', () => startSite());
    await timed('smoke walk through the edge', () => smoke());
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    console.error(error);
  } finally {
    removeContainers();
  }
  // The same walk again, the site started from the Kubernetes base by podman kube play.
  try {
    await timed('site started by podman kube play', () => startSiteWithKubePlay());
    await timed('smoke walk through the kube-played edge', () => smoke());
  } catch (error) {
    problems.push(`podman kube play: ${error instanceof Error ? error.message : String(error)}`);
    console.error(error);
  } finally {
    if (!values.keep) removeContainers();
  }
  console.log('\n' + timings.map(([label, s]) => `${label.padEnd(40)} ${s.toFixed(1)} s`).join('\n'));
  console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (problems.length) {
    console.error(`\n${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nthe site ran from its nine images and a reader got through');
}

await main();
