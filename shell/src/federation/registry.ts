/** The remotes the shell knows by name. Their URLs come only from /remotes.json at run time. */
export const REMOTE_NAMES = ['marketing', 'decoder', 'chat', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Why a manifest URL is unusable, or undefined when it is an http(s) URL (absolute or same-origin). */
function manifestUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return 'must be an http(s) URL';
  try {
    const url = new URL(value, 'http://placeholder.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'must be an http(s) URL';
  } catch {
    return 'must be an http(s) URL';
  }
}

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
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { entries, problems: ['remotes.json is not an object of remote name -> manifest URL'] };
  }
  const root = json as Record<string, unknown>;
  for (const name of REMOTE_NAMES) {
    const raw = Object.hasOwn(root, name) ? root[name] : undefined;
    if (raw === undefined) {
      problems.push(`remotes.json has no entry for "${name}"`);
      continue;
    }
    const problem = manifestUrlProblem(raw);
    if (problem) problems.push(`remotes.json entry "${name}" is invalid: ${problem}`);
    else entries[name] = raw as string;
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
