// Preloaded (node --import) into every process the launcher starts (child-processes.ts): the process stops when the
// launcher is gone. The launcher holds the write end of this process's stdin and never writes to it; when the
// launcher dies, by SIGKILL included, the kernel closes it and stdin ends. Only where the launcher asked for it
// (KEISHA_EXIT_WITH_PARENT): a service started by hand, whose stdin may be a terminal or /dev/null, is left alone.
import { isMainThread } from 'node:worker_threads';
import { EXIT_WITH_PARENT_VARIABLE, type ExitWithParentMode } from './child-processes.ts';

/** Time for a graceful stop (a service closes within 10 s) before the process is ended regardless. */
const BACKSTOP_MS = 15_000;

const mode = process.env[EXIT_WITH_PARENT_VARIABLE] as ExitWithParentMode | undefined;
// Worker threads get this preload too (they inherit execArgv); only the process's main thread watches.
if (isMainThread && (mode === 'process' || mode === 'watched')) {
  // Under `node --watch` the parent is the watcher, which would start this process again on the next file change.
  const watcher = mode === 'watched' ? process.ppid : undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Only while it is still this process's parent: once it is gone, that pid may be anyone's.
    if (watcher !== undefined && process.ppid === watcher) process.kill(watcher, 'SIGTERM');
    setTimeout(() => process.exit(1), BACKSTOP_MS).unref();
    // Stopped as a SIGTERM stops it: a service closes its server and database first.
    process.kill(process.pid, 'SIGTERM');
  };
  const stdin = process.stdin;
  stdin.on('end', stop);
  stdin.on('error', stop);
  stdin.resume();
  // Watching is no reason to stay alive: a process that is done exits as it would without it.
  (stdin as { unref?: () => void }).unref?.();
}
