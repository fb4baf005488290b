import { z } from 'zod';

/** The remotes the shell knows by name. Their URLs come only from /remotes.json at run time. */
export const REMOTE_NAMES = ['marketing', 'decoder', 'chat', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const manifestUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value, 'http://placeholder.invalid');
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const registrySchema = z.record(z.string(), z.unknown());

export interface RemoteRegistry {
  /** Remote name -> manifest URL, for every remote whose entry was valid. */
  entries: Partial<Record<RemoteName, string>>;
  /** Why a remote has no entry (missing, malformed, or the whole file unreadable). */
  problems: string[];
}

/** Reads a parsed remotes.json leniently: one bad entry costs only that remote. */
export function parseRegistry(json: unknown): RemoteRegistry {
  const problems: string[] = [];
  const entries: Partial<Record<RemoteName, string>> = {};
  const root = registrySchema.safeParse(json);
  if (!root.success) {
    return { entries, problems: ['remotes.json is not an object of remote name -> manifest URL'] };
  }
  for (const name of REMOTE_NAMES) {
    const raw = root.data[name];
    if (raw === undefined) {
      problems.push(`remotes.json has no entry for "${name}"`);
      continue;
    }
    const url = manifestUrl.safeParse(raw);
    if (url.success) entries[name] = url.data;
    else problems.push(`remotes.json entry "${name}" is invalid: ${url.error.issues[0]?.message ?? 'bad value'}`);
  }
  return { entries, problems };
}

/** Fetches /remotes.json. Never throws: a failure yields an empty registry and a reason. */
export async function fetchRegistry(url = '/remotes.json', timeoutMs = 5000): Promise<RemoteRegistry> {
  try {
    const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { entries: {}, problems: [`${url} answered ${response.status}`] };
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { entries: {}, problems: [`${url} is not valid JSON`] };
    }
    return parseRegistry(json);
  } catch (error) {
    return { entries: {}, problems: [`${url} could not be loaded: ${error instanceof Error ? error.message : String(error)}`] };
  }
}
