// How many files identity builds and sends at once. Each export asks three services for a reader's whole history
// and holds it on this replica's disk until it is sent (account-export.ts), so a flood of exports, say one stolen
// session replayed from many addresses (the per-address limit does not see it), could load the services and fill
// the disk. The gate lets one export per account run at a time and at most `maxConcurrent` on this replica; the
// rest are refused at once, never queued, so a refused reader loses nothing and the next click works.
export type ExportEntry = { kind: 'entered'; release: () => void } | { kind: 'account-busy' } | { kind: 'replica-busy' };

export function createExportGate(maxConcurrent: number) {
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) throw new Error(`maxConcurrent must be a positive integer, got ${maxConcurrent}`);
  const running = new Set<string>();
  return {
    enter(accountId: string): ExportEntry {
      if (running.has(accountId)) return { kind: 'account-busy' };
      if (running.size >= maxConcurrent) return { kind: 'replica-busy' };
      running.add(accountId);
      let released = false;
      return {
        kind: 'entered',
        release: () => {
          if (released) return;
          released = true;
          running.delete(accountId);
        },
      };
    },
    /** Exports running now (for the log and the tests). */
    get running(): number {
      return running.size;
    },
  };
}
export type ExportGate = ReturnType<typeof createExportGate>;
