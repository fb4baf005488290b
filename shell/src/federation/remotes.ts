import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_LOAD_TIMEOUT_MS } from './plugins/timeout-retry.ts';
import type { RemoteName, RemoteRegistry } from './registry.ts';

let registry: RemoteRegistry = { entries: {}, problems: [] };

/** Registers every known remote at once, before the first render (late registration can split share scopes). */
export function initRemotes(next: RemoteRegistry): void {
  registry = next;
  const remotes = Object.entries(next.entries).map(([name, entry]) => ({ name, entry }));
  if (remotes.length > 0) registerRemotes(remotes);
}

export class RemoteUnavailableError extends Error {
  readonly remote: RemoteName;
  constructor(remote: RemoteName, reason: string) {
    super(`Remote "${remote}" is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

export interface RemoteProps {
  page: string;
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: RemoteName): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, `no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Forgets what the runtime cached about a remote, so the next load fetches its manifest and entry again. */
function resetRemote(remote: RemoteName): void {
  const entry = registry.entries[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

async function loadOnce(remote: RemoteName, module: string): Promise<ComponentType<RemoteProps>> {
  if (!registry.entries[remote]) {
    throw new RemoteUnavailableError(remote, registry.problems.find((p) => p.includes(`"${remote}"`)) ?? 'not in remotes.json');
  }
  const loaded = await loadRemote<{ default?: ComponentType<RemoteProps> }>(`${remote}/${module}`);
  const component = loaded?.default;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new RemoteUnavailableError(remote, `module "${module}" has no default component`);
  }
  return component;
}

/**
 * Loads a remote's component within one time budget: a quick failure (refused connection, missing
 * file) is retried once after a short pause while the budget lasts; a remote that does not answer
 * at all uses up the budget and fails, so the page shows the fallback after REMOTE_LOAD_TIMEOUT_MS.
 */
export async function loadRemoteComponent(
  remote: RemoteName,
  module: string,
  { attempts = 2, pauseMs = 400, budgetMs = REMOTE_LOAD_TIMEOUT_MS }: { attempts?: number; pauseMs?: number; budgetMs?: number } = {},
): Promise<ComponentType<RemoteProps>> {
  const deadline = Date.now() + budgetMs;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      return await withTimeout(loadOnce(remote, module), remaining, remote);
    } catch (error) {
      lastError = error;
      if (!registry.entries[remote]) break; // not in remotes.json: nothing to retry
      resetRemote(remote);
      if (attempt < attempts && deadline - Date.now() > pauseMs + 1000) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      } else break;
    }
  }
  console.error(`[keisha] remote "${remote}" could not be loaded:`, lastError);
  throw lastError instanceof Error ? lastError : new RemoteUnavailableError(remote, String(lastError ?? 'timed out'));
}

/** Where the remote's manifest is (from /remotes.json), for its failure reports. */
export function manifestUrlOf(remote: RemoteName): string | undefined {
  return registry.entries[remote];
}

/** Called by the fallback's Retry button after a render crash: start again from a clean runtime state. */
export function forgetRemote(remote: RemoteName): void {
  resetRemote(remote);
}

/**
 * A remote's component may carry `preload(page)`: the code of a page split into a chunk of its own. It is
 * awaited before the first render, so the page (and, in place of a prerendered copy, the swap) comes in one
 * commit. A failed preload is only logged: the remote then loads the page itself, or its boundary catches it.
 */
export async function preloadPage(Component: ComponentType<RemoteProps>, remote: RemoteName, page: string): Promise<void> {
  const preload = (Component as { preload?: unknown }).preload;
  if (typeof preload !== 'function') return;
  try {
    await (preload as (page: string) => Promise<void>)(page);
  } catch (error) {
    console.error(`[keisha] remote "${remote}" could not preload page "${page}":`, error);
  }
}
