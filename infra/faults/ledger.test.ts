import { describe, expect, it } from 'vitest';
import { newLedger, reconcile, reconciliationTable } from './ledger.ts';

describe('reconcile', () => {
  it('names acknowledged writes the database lacks, and counts stored ones never acknowledged', () => {
    const ledger = newLedger('sign-ups');
    ['a', 'b', 'c'].forEach((marker) => ledger.acknowledged.add(marker));
    ledger.failed = 2;
    const result = reconcile(ledger, ['a', 'c', 'd']);
    expect(result).toEqual({ kind: 'sign-ups', acknowledged: 3, stored: 3, missing: ['b'], unacknowledged: 1, failed: 2 });
    expect(reconciliationTable([result]).split('\n')[1]).toMatch(/^sign-ups\s+3\s+3\s+1\s+1\s+2$/);
  });

  it('finds nothing missing when every acknowledged write is stored', () => {
    const ledger = newLedger('chat messages');
    ledger.acknowledged.add('x');
    expect(reconcile(ledger, ['x']).missing).toEqual([]);
  });
});
