// `npm test`: unit and service tests of every package, then the browser tests of the composed site.
// Service tests run on PGlite and, when one answers on 127.0.0.1:5432 (or TEST_DATABASE_URL is set),
// on PostgreSQL too.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../local/topology.ts';

const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
}

const steps: Step[] = [
  { name: 'type check', command: bin('turbo'), args: ['run', 'typecheck', '--output-logs=errors-only', '--concurrency=2'] },
  {
    name: 'import rules',
    command: bin('depcruise'),
    args: ['shared', 'services', 'mf-marketing', 'mf-decoder', 'mf-chat', 'mf-account', 'shell', 'infra', '--config', '.dependency-cruiser.json', '--output-type', 'err'],
  },
  { name: 'unit and service tests', command: bin('turbo'), args: ['run', 'test', '--output-logs=full', '--concurrency=1'] },
  { name: 'browser (Chromium)', command: process.execPath, args: [path.join(REPO_ROOT, 'infra/scripts/ensure-chromium.ts')] },
  { name: 'build', command: bin('turbo'), args: ['run', 'build', '--output-logs=errors-only'] },
  { name: 'end-to-end tests', command: bin('playwright'), args: ['test'], cwd: path.join(REPO_ROOT, 'shell') },
];

const only = process.argv.slice(2);
let failed = 0;
for (const step of steps) {
  if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { cwd: step.cwd ?? REPO_ROOT, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`=== ${step.name}: FAILED after ${seconds} s ===`);
    failed++;
    break;
  }
  console.log(`=== ${step.name}: ok (${seconds} s) ===`);
}
process.exit(failed > 0 ? 1 : 0);
