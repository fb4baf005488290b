import type { Usage } from '@keisha/contracts/decoder';
import { keishaStore, localDate, useKeisha } from '@keisha/store';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchUsage } from '../api/get-usage.ts';
import { isValidUsageRecord } from '../domain/analysis-result.ts';
import { usageForToday, usageSyncFailure } from '../domain/usage.ts';

/** Where the last usage the server sent is kept, for when it cannot be asked (spec section 4, "Analysis"). */
export const USAGE_RECORD_KEY = 'keisha.decoder.usage';

interface KeptUsage {
  /** Whose usage it is: a user id, or 'guest'. */
  subject: string;
  /** The local date it was kept on. */
  day: string;
  usage: unknown;
}

/** The usage kept for this subject, as of today; 'invalid' when a kept record fails spec section 5's rule. */
function readKept(subject: string, today = localDate()): Usage | null | 'invalid' {
  let kept: KeptUsage | null = null;
  try {
    kept = JSON.parse(localStorage.getItem(USAGE_RECORD_KEY) ?? 'null') as KeptUsage | null;
  } catch {
    return 'invalid';
  }
  if (typeof kept !== 'object' || kept === null || kept.subject !== subject) return null;
  if (!isValidUsageRecord(kept.usage) || typeof kept.day !== 'string') return 'invalid';
  return usageForToday(kept.usage, kept.day, today);
}

function keep(subject: string, usage: Usage): void {
  try {
    localStorage.setItem(USAGE_RECORD_KEY, JSON.stringify({ subject, day: localDate(), usage } satisfies KeptUsage));
  } catch {
    // Full or blocked storage: the usage still applies to this page.
  }
}

export interface UsageState {
  /** Today's usage as last known, or null before the first answer. */
  usage: Usage | null;
  /** Why the last sync failed (spec section 8, "Usage sync"), or null. */
  syncProblem: string | null;
  /** Asks the server; on failure returns the usage kept in the browser instead. */
  sync: (signal?: AbortSignal) => Promise<Usage | null | 'invalid'>;
  /** Takes the usage an analysis answer carried. */
  remember: (usage: Usage) => void;
}

/** Today's usage of the reader: from the server, kept in the browser for when the server cannot answer. */
export function useUsage(): UsageState {
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const subject = useKeisha((s) => s.auth.user?.id ?? 'guest');
  const [usage, setUsage] = useState<Usage | null>(() => {
    const kept = readKept(subject);
    return kept === 'invalid' ? null : kept;
  });
  const [syncProblem, setSyncProblem] = useState<string | null>(null);
  const subjectRef = useRef(subject);
  subjectRef.current = subject;

  const remember = useCallback((next: Usage) => {
    const who = subjectRef.current;
    setUsage(next);
    keep(who, next);
    // Spec section 4 ("Site auth reducer"): a signed-in user's count follows the server's.
    if (who !== 'guest') keishaStore.getState().dispatchAuth({ type: 'UPDATE_USAGE', count: next.daily_count });
  }, []);

  const sync = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const next = await fetchUsage(signal);
        remember(next);
        setSyncProblem(null);
        return next;
      } catch (error) {
        if (signal?.aborted) return readKept(subjectRef.current);
        setSyncProblem(usageSyncFailure(error));
        return readKept(subjectRef.current);
      }
    },
    [remember],
  );

  // A new reader (signed in, out, or restored): show what is kept for them, then ask the server.
  useEffect(() => {
    if (!restored) return;
    const kept = readKept(subject);
    setUsage(kept === 'invalid' ? null : kept);
    const controller = new AbortController();
    void sync(controller.signal);
    return () => controller.abort();
  }, [restored, subject, sync]);

  return { usage, syncProblem, sync, remember };
}
