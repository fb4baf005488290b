// One launcher per data folder. A second `npm start` on the same folder would open the same embedded databases
// and, its ports taken, could only report a site it is not running; it stops at once instead, naming the first.
//
// The lock is a symbolic link whose target holds the launcher's pid, boot and address: creating it is one atomic
// step that fails when it exists, it needs no data block (it can be taken on a nearly full disk), and reading it
// back never sees it half written. A lock whose launcher is gone (killed outright, or the machine restarted since,
// its pid now anyone's) is taken over.
import { mkdirSync, readFileSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { reasonOf } from './log-health.ts';

export const LOCK_FILE = 'launcher.lock';

export interface LockHolder {
  pid: number;
  /** A short form of the kernel's boot id where there is one: a pid is only meaningful within one boot. */
  boot?: string;
  url: string;
}

export function formatLock({ pid, boot, url }: LockHolder): string {
  return `${pid} ${boot ?? '-'} ${url}`;
}

export function parseLock(text: string): LockHolder | undefined {
  const match = /^(\d+) (\S+) (\S+)$/.exec(text);
  if (!match) return undefined;
  const pid = Number(match[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { pid, ...(match[2] === '-' ? {} : { boot: match[2] }), url: match[3]! };
}

export interface MachineState {
  /** This boot's id, where the system has one. */
  boot?: string;
  isAlive(pid: number): boolean;
}

/** Whether a lock's launcher is gone: another boot (its pid is now anyone's), or no such process. */
export function isStale(holder: LockHolder, machine: MachineState): boolean {
  if (holder.boot && machine.boot && holder.boot !== machine.boot) return true;
  return !machine.isAlive(holder.pid);
}

function currentBoot(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().slice(0, 8) || undefined;
  } catch {
    return undefined; // not Linux: the pid alone is checked
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const THIS_MACHINE: MachineState = { boot: currentBoot(), isAlive };

export type LockOutcome =
  | { kind: 'acquired'; release(): void }
  | { kind: 'held'; holder: LockHolder }
  /** The lock cannot be kept here (a full or read-only disk): the launcher runs without it, and says so. */
  | { kind: 'unavailable'; reason: string };

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The holder named by the lock at `file`; undefined when there is none, or it is not one of ours. */
function readHolder(file: string): { holder?: LockHolder; exists: boolean } {
  try {
    return { holder: parseLock(readlinkSync(file)), exists: true };
  } catch (error) {
    return { exists: codeOf(error) !== 'ENOENT' };
  }
}

export function acquireLauncherLock(dataDir: string, url: string, machine: MachineState = THIS_MACHINE): LockOutcome {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = formatLock({ pid: process.pid, ...(machine.boot ? { boot: machine.boot } : {}), url });
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    return { kind: 'unavailable', reason: reasonOf(error) };
  }
  // Twice at most: once more after clearing a stale lock (another launcher may take it in between: it then wins).
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      symlinkSync(mine, file);
      return { kind: 'acquired', release: () => releaseLock(file, mine) };
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') return { kind: 'unavailable', reason: reasonOf(error) };
    }
    const { holder, exists } = readHolder(file);
    if (holder && !isStale(holder, machine)) return { kind: 'held', holder };
    if (exists) {
      try {
        unlinkSync(file);
      } catch (error) {
        if (codeOf(error) !== 'ENOENT') return { kind: 'unavailable', reason: reasonOf(error) };
      }
    }
  }
  const { holder } = readHolder(file);
  return holder ? { kind: 'held', holder } : { kind: 'unavailable', reason: `${file} keeps changing` };
}

/** Removes the lock if it is still this launcher's (never one another launcher took over). */
function releaseLock(file: string, mine: string): void {
  try {
    if (readlinkSync(file) === mine) unlinkSync(file);
  } catch {
    // gone already, or the disk will not say: the next launcher finds it stale
  }
}
