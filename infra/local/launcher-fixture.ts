// Test support: the launcher in miniature, for what only a process of its own can show (killed with SIGKILL, its
// disk full). It starts one child as the platform starts a service (spawnServiceProcess, into its log file) and
// prints on its console what the platform would, plus `child <pid>` and how much output it has read.
//
//   node launcher-fixture.ts <log file> <retry ms> <process|watch> <node args...>
import { openLogFile } from './log-file.ts';
import { spawnServiceProcess } from './platform.ts';

const [file, retryMs, mode, ...args] = process.argv.slice(2);
if (!file || !retryMs || !mode || args.length === 0) throw new Error('usage: launcher-fixture.ts <log file> <retry ms> <process|watch> <node args...>');

const logFile = openLogFile(file, { label: 'service:chatty', say: (line) => console.log(line), retryMs: Number(retryMs) });
const child = spawnServiceProcess(args, { name: 'chatty', env: process.env, watch: mode === 'watch', logs: logFile });
console.log(`child ${child.pid}`);

let received = 0;
let reported = 0;
child.stdout?.on('data', (chunk: Buffer) => (received += chunk.length));
setInterval(() => {
  if (received === reported) return;
  reported = received;
  console.log(`received ${received}`);
}, 100);
