// What the fault suite counts: every write a service acknowledged, by a marker of its own, and what
// the database holds afterwards for the same markers.

export interface Ledger {
  kind: string;
  /** Markers of writes answered 2xx. */
  acknowledged: Set<string>;
  /** Requests answered otherwise or not at all (the outage). */
  failed: number;
}

export function newLedger(kind: string): Ledger {
  return { kind, acknowledged: new Set(), failed: 0 };
}

export interface Reconciliation {
  kind: string;
  acknowledged: number;
  stored: number;
  /** Acknowledged, yet not in the database: a lost write. Must be empty. */
  missing: string[];
  /** In the database without an acknowledgement (committed, but the answer never arrived): allowed. */
  unacknowledged: number;
  failed: number;
}

export function reconcile(ledger: Ledger, storedMarkers: Iterable<string>): Reconciliation {
  const stored = new Set(storedMarkers);
  const missing = [...ledger.acknowledged].filter((marker) => !stored.has(marker));
  const unacknowledged = [...stored].filter((marker) => !ledger.acknowledged.has(marker)).length;
  return { kind: ledger.kind, acknowledged: ledger.acknowledged.size, stored: stored.size, missing, unacknowledged, failed: ledger.failed };
}

export function reconciliationTable(rows: Reconciliation[]): string {
  const header = ['write', 'acknowledged', 'stored', 'acknowledged but missing', 'stored, never acknowledged', 'failed requests'];
  const cells = rows.map((row) => [row.kind, row.acknowledged, row.stored, row.missing.length, row.unacknowledged, row.failed].map(String));
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => (column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}
