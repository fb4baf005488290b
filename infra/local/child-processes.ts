// How the launcher starts the processes it runs (the services, and the remotes' dev servers): tied to it, so that
// none outlives it. A launcher killed outright (SIGKILL, a crash, a closed terminal) used to leave the four
// services running: they held their ports, answered health checks, and made the next `npm start` report a site
// that was half gone.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Set by the launcher only: a service started by hand never watches for a parent. */
export const EXIT_WITH_PARENT_VARIABLE = 'KEISHA_EXIT_WITH_PARENT';

/** `process`: the child itself stops; `watched`: it runs under `node --watch`, which is stopped too. */
export type ExitWithParentMode = 'process' | 'watched';

const EXIT_WITH_PARENT_PRELOAD = pathToFileURL(path.join(import.meta.dirname, 'exit-with-parent.ts')).href;

export interface TiedSpawnOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** Run under `node --watch` (restarted when its files change). */
  watch?: boolean;
  /** Its stdout and stderr: piped to this process, or the same as this process's. */
  output: 'pipe' | 'inherit';
}

/**
 * Starts `node <args>` so that it stops when this process is gone, however it went: its stdin is a pipe this
 * process holds and never writes to; the kernel closes it when this process dies, and exit-with-parent.ts
 * (preloaded) stops the child at the end of its stdin.
 */
export function spawnTiedNode(args: readonly string[], options: TiedSpawnOptions): ChildProcess {
  const mode: ExitWithParentMode = options.watch ? 'watched' : 'process';
  const child = spawn(process.execPath, [...(options.watch ? ['--watch'] : []), '--import', EXIT_WITH_PARENT_PRELOAD, ...args], {
    cwd: options.cwd,
    env: { ...options.env, [EXIT_WITH_PARENT_VARIABLE]: mode },
    stdio: ['pipe', options.output, options.output],
  });
  // Nothing is written there; a child that has exited must not turn into an unhandled EPIPE here.
  child.stdin?.on('error', () => {});
  return child;
}
