// `npm run bench:memory`: the resident memory of the whole local platform as `npm start` runs it (the launcher
// with its gateway and remotes, the four services, the database processes), idle and under a mixed load.
//
// It starts `infra/local/start.ts` on a fresh data folder (or KEISHA_DATA_DIR), waits for the site, lets it
// settle, samples every process of the launcher's tree from /proc, then drives sign-ins, analyses, chat and
// billing calls and page loads through the gateway with autocannon and samples again. RSS counts a page shared by
// several processes (PostgreSQL's shared buffers, the node binary's text) once per process: the sum is an upper
// bound, printed with PSS (each shared page split between its users), which adds up to what the machine gives.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT, SERVICES } from '../local/topology.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
};
const PORT = option('port', Number(process.env.BENCH_PORT ?? 4700));
const SETTLE_SECONDS = option('settle', 20);
const LOAD_SECONDS = option('seconds', 20);
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password-1' };

export interface ProcessMemory {
  pid: number;
  role: string;
  rssKb: number;
  pssKb: number;
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

/** Every live process under `root` (itself included), by walking the parent links in /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(`/proc/${entry}/stat`);
    if (!stat) continue;
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function roleOf(pid: number, root: number): string {
  if (pid === root) return 'launcher (gateway, remotes)';
  const cmdline = (readProc(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');
  for (const name of SERVICES) if (cmdline.includes(`services/${name}/`)) return `service ${name}`;
  const comm = (readProc(`/proc/${pid}/comm`) ?? '').trim();
  if (comm.startsWith('postgres') || cmdline.includes('postgres')) return 'database';
  return `other (${comm})`;
}

function kbField(text: string | undefined, field: string): number {
  const match = text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) : 0;
}

export function sampleTree(root: number): ProcessMemory[] {
  return processTree(root)
    .map((pid) => ({
      pid,
      role: roleOf(pid, root),
      rssKb: kbField(readProc(`/proc/${pid}/status`), 'VmRSS'),
      pssKb: kbField(readProc(`/proc/${pid}/smaps_rollup`), 'Pss'),
    }))
    .filter((p) => p.rssKb > 0);
}

interface Sample {
  rssMb: number;
  pssMb: number;
  byRole: Map<string, { rssMb: number; pssMb: number; count: number }>;
}

function summarise(processes: ProcessMemory[]): Sample {
  const byRole = new Map<string, { rssMb: number; pssMb: number; count: number }>();
  for (const p of processes) {
    const role = byRole.get(p.role) ?? { rssMb: 0, pssMb: 0, count: 0 };
    role.rssMb += p.rssKb / 1024;
    role.pssMb += p.pssKb / 1024;
    role.count += 1;
    byRole.set(p.role, role);
  }
  const sum = (key: 'rssKb' | 'pssKb') => processes.reduce((total, p) => total + p[key], 0) / 1024;
  return { rssMb: sum('rssKb'), pssMb: sum('pssKb'), byRole };
}

function print(label: string, sample: Sample): void {
  console.log(`${label}: ${sample.rssMb.toFixed(0)} MB RSS summed, ${sample.pssMb.toFixed(0)} MB PSS`);
  for (const [role, m] of [...sample.byRole].sort(([a], [b]) => a.localeCompare(b))) {
    const count = m.count > 1 ? ` (${m.count} processes)` : '';
    console.log(`  ${role.padEnd(30)} ${m.rssMb.toFixed(0).padStart(6)} MB RSS ${m.pssMb.toFixed(0).padStart(6)} MB PSS${count}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json(url: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const ownDataDir = !process.env.KEISHA_DATA_DIR;
const dataDir = process.env.KEISHA_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-memory-'));
// mkdtemp makes it 0700; run as root, the embedded PostgreSQL's own account must reach it as it reaches .data.
if (ownDataDir) chmodSync(dataDir, 0o755);
const launcher = spawn(process.execPath, [path.join(REPO_ROOT, 'infra/local/start.ts')], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    KEISHA_PORT: String(PORT),
    KEISHA_DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT_MAX: '1000000',
    WAITLIST_RATE_LIMIT_MAX: '1000000',
    API_KEY_RATE_LIMIT_MAX: '1000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));

try {
  const started = Date.now();
  while (!output.includes('Keisha is running at')) {
    if (launcher.exitCode !== null) throw new Error(`the launcher exited (${launcher.exitCode}):\n${output}`);
    if (Date.now() - started > 300_000) throw new Error(`the platform did not start in 300 s:\n${output}`);
    await sleep(200);
  }
  console.log(`Started in ${((Date.now() - started) / 1000).toFixed(1)} s (build check included), data in ${dataDir}; settling ${SETTLE_SECONDS} s...`);
  await sleep(SETTLE_SECONDS * 1000);

  // Idle: the median of five samples a second apart.
  const idleSamples: Sample[] = [];
  for (let i = 0; i < 5; i++) {
    idleSamples.push(summarise(sampleTree(launcher.pid!)));
    await sleep(1000);
  }
  idleSamples.sort((a, b) => a.rssMb - b.rssMb);
  const idle = idleSamples[2]!;

  // Loaded: an administrator signs in over and over, analyses articles (with an API key), opens conversations and
  // reads entitlements, while pages are fetched through the gateway.
  const { token } = await json(`${base}/api/bias-auth/login`, { method: 'POST', body: JSON.stringify(ADMIN) });
  const article = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8').slice(0, 6000);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Analyses through the public API with an administrator's key: the reader quota (3 a day) does not apply.
  const { secret } = await json(`${base}/api/decoder/api-keys`, { method: 'POST', token, body: JSON.stringify({ name: 'bench:memory' }) });
  const keyAuth = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const load = (requests: autocannon.Request[], connections: number) =>
    autocannon({ url: base, requests, connections, duration: LOAD_SECONDS });
  let peak: Sample = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const sample = summarise(sampleTree(launcher.pid!));
      if (sample.rssMb > peak.rssMb) peak = sample;
      await sleep(500);
    }
  })();
  const results = await Promise.all([
    load([{ method: 'POST', path: '/api/v1/analyses', headers: keyAuth, body: JSON.stringify({ text: article }) }], 4),
    load([{ method: 'POST', path: '/api/bias-auth/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) }], 2),
    load(
      [
        { method: 'POST', path: '/api/chat/sessions', headers: auth, body: JSON.stringify({}) },
        { method: 'GET', path: '/api/chat/sessions', headers: auth },
        { method: 'GET', path: '/api/billing/entitlements/me', headers: auth },
      ],
      2,
    ),
    load([{ method: 'GET', path: '/' }, { method: 'GET', path: '/pricing' }], 2),
  ]);
  sampling = false;
  await sampler;
  await sleep(2000);
  const after = summarise(sampleTree(launcher.pid!));

  const [analyses, signIns, chatBilling, pages] = results.map((r) => ({ ok: r['2xx'], other: r.non2xx + r.errors }));
  const store = process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'the embedded default';
  console.log(`\nWhole platform (${store}), ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end:`);
  print(`Idle (${SETTLE_SECONDS} s after start, median of 5)`, idle);
  print(`Loaded (peak over ${LOAD_SECONDS} s)`, peak);
  print('Just after the load', after);
  console.log(
    `Load: ${analyses!.ok} analyses, ${signIns!.ok} sign-ins, ${chatBilling!.ok} chat/billing calls, ${pages!.ok} pages answered 2xx; ` +
      `${analyses!.other + signIns!.other + chatBilling!.other + pages!.other} other answers or errors`,
  );
} finally {
  launcher.kill('SIGTERM');
  await new Promise((resolve) => (launcher.exitCode === null ? launcher.once('exit', resolve) : resolve(undefined)));
  if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
}
