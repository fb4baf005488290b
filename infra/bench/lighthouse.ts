// `npm run bench:lighthouse`: Lighthouse (the npm package, default mobile settings: a mid-range phone,
// simulated slow 4G and a 4x slower CPU) drives Debian's Chromium against a platform this script starts
// on its own ports, and prints the four category scores of /, /pricing and /faq.
//
// Each page is audited LIGHTHOUSE_RUNS times (default 3) in a fresh profile; the median run per page is
// printed with the range, since the simulated performance score moves by a few points between runs.
// LIGHTHOUSE_JSON_DIR=<dir> also writes each page's median report as JSON there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { startPlatform } from '../local/platform.ts';
import { CHROMIUM_ARGS, chromiumPath } from '@keisha/config/chromium';

/** The pages of issue 7; LIGHTHOUSE_PAGES="/,/about" audits others. */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/pricing,/faq').split(',').map((page) => page.trim()).filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const BASE_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3850);
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;

/** Aims of issue 7: performance >= 95 (mobile), accessibility 100, best practices >= 95, SEO 100. */
const AIMS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };

interface Run {
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  /** Weighted audits that scored below 100: [category: audit id, score]. */
  failing: Array<[string, number]>;
  report: unknown;
}

/** Starts Chromium with a DevTools port (chosen by Chromium) and resolves once it is listening. */
function launchChromium(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    chromiumPath(),
    [...CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port:\n${output}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before it was ready:\n${output}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), process: child });
      }
    });
  });
}

function stopChromium(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function audit(url: string): Promise<Run> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-lighthouse-profile-'));
  const chromium = await launchChromium(profileDir);
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    const failing = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((item) => item && item.score !== null && item.score < 1 && item.scoreDisplayMode !== 'informative')
        .map((item): [string, number] => [`${category}: ${item!.id}`, Math.round((item!.score ?? 0) * 100)]),
    );
    return {
      scores,
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
      failing,
      report: lhr,
    };
  } finally {
    await stopChromium(chromium.process);
    rmSync(profileDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-lighthouse-'));
const platform = await startPlatform({
  basePort: BASE_PORT,
  dataDir,
  // A fixed first administrator, so identity does not print a generated password into the report.
  serviceEnv: { LOG_LEVEL: 'warn', ADMIN_EMAIL: 'bench-admin@example.org', ADMIN_PASSWORD: 'bench-admin-password' },
  log: () => {},
});
let missedAim = false;
try {
  // One unmeasured load first, so no page pays for the services' first-request warm-up.
  await fetch(`${platform.url}/api/billing/plans`).catch(() => undefined);
  await audit(`${platform.url}/`);

  const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string };
  console.log(`Lighthouse ${version}, default (mobile) settings, ${RUNS} run(s) per page, median (min-max)\n`);
  console.log('page        performance    accessibility  best-practices  seo            FCP / LCP / TBT / CLS / SI');
  for (const page of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${platform.url}${page}`));
    const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
    const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
    const cells = CATEGORIES.map((category) => {
      const values = runs.map((run) => run.scores[category]);
      const value = median(values);
      if (value < AIMS[category]) missedAim = true;
      const range = RUNS > 1 ? ` (${Math.min(...values)}-${Math.max(...values)})` : '';
      return `${value}${range}`.padEnd(15);
    });
    console.log(`${page.padEnd(12)}${cells.join('')}${Object.values(middle.metrics).join(' / ')}`);
    const below = new Map<string, number[]>();
    for (const run of runs) for (const [id, score] of run.failing) below.set(id, [...(below.get(id) ?? []), score]);
    for (const [id, scores] of below) {
      console.log(`${' '.repeat(12)}below 100: ${id} (${scores.length}/${RUNS} runs, audit score ${Math.min(...scores)}-${Math.max(...scores)})`);
    }
    if (JSON_DIR) {
      mkdirSync(JSON_DIR, { recursive: true });
      const name = page === '/' ? 'landing' : page.slice(1).replaceAll('/', '-');
      writeFileSync(path.join(JSON_DIR, `${name}.json`), JSON.stringify(middle.report, null, 2));
    }
  }
  console.log(
    `\nAims: performance >= ${AIMS.performance}, accessibility ${AIMS.accessibility}, best practices >= ${AIMS['best-practices']}, SEO ${AIMS.seo}: ` +
      (missedAim ? 'at least one page misses an aim (see above).' : 'all met.'),
  );
} finally {
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
