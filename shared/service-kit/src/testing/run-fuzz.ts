// `npm run fuzz`: the full route fuzz, 1,000 hostile bodies per mutating route (the bounded run in
// `npm test` sends 60), on PGlite and on PostgreSQL when one answers (as `npm test`), and a table per
// service and database. Options: `--runs N`, `--seed N`, and service names to fuzz only those.
//   npm run fuzz -- --runs 5000 decoder chat
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fuzzFailures, fuzzSummary, type FuzzReport } from './fuzz.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const SERVICES = ['identity', 'decoder', 'chat', 'billing'];
const FULL_RUNS = 1000;

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: String(FULL_RUNS) }, seed: { type: 'string' } },
  allowPositionals: true,
});
const unknown = positionals.filter((name) => !SERVICES.includes(name));
if (unknown.length > 0) {
  console.error(`No such service: ${unknown.join(', ')} (choose from ${SERVICES.join(', ')})`);
  process.exit(2);
}
const services = positionals.length > 0 ? positionals : SERVICES;
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-fuzz-'));
const env = { ...process.env, FUZZ_RUNS: values.runs, FUZZ_REPORT_DIR: reportDir, ...(values.seed ? { FUZZ_SEED: values.seed } : {}) };

let testsFailed = false;
for (const service of services) {
  console.log(`\n=== ${service}: ${values.runs} hostile bodies per route ===`);
  // Vitest's own entry on this Node (24), whatever `node` the PATH would find.
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/route-fuzz.test.ts'], {
    cwd: path.join(REPO_ROOT, 'services', service),
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) testsFailed = true;
}

const reports: FuzzReport[] = readdirSync(reportDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(path.join(reportDir, name), 'utf8')) as FuzzReport)
  .sort((a, b) => services.indexOf(a.service) - services.indexOf(b.service) || a.label.localeCompare(b.label));
rmSync(reportDir, { recursive: true, force: true });

console.log('\n=== route fuzz ===');
console.log('| service | database | routes | bodies | requests | 5xx | shape violations | leaks | duration |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of reports) {
  console.log(
    `| ${r.service} | ${r.label} | ${r.routes.length} | ${r.bodies.toLocaleString('en-US')} | ${r.requests.toLocaleString('en-US')} | ${r.serverErrors} | ${r.shapeViolations} | ${r.leaks} | ${(r.durationMs / 1000).toFixed(1)} s |`,
  );
}
for (const r of reports) console.log(`\n${fuzzSummary(r)}\n  routes: ${r.routes.map((route) => route.route).join(', ')}`);
const failures = reports.flatMap(fuzzFailures);
if (failures.length > 0) console.log(`\nExamples of failures:\n${failures.join('\n')}`);
const missing = services.filter((service) => !reports.some((r) => r.service === service));
if (missing.length > 0) console.log(`\nNo report from: ${missing.join(', ')} (the test did not get as far as fuzzing).`);
process.exit(testsFailed || failures.length > 0 || missing.length > 0 ? 1 : 0);
