import { describe, expect, it } from 'vitest';
import { createExportGate } from './export-gate.ts';

describe('the export gate', () => {
  it('lets one export per account run at a time', () => {
    const gate = createExportGate(4);
    const first = gate.enter('a');
    expect(first.kind).toBe('entered');
    expect(gate.enter('a').kind).toBe('account-busy');
    if (first.kind === 'entered') first.release();
    expect(gate.enter('a').kind).toBe('entered');
  });

  it('refuses a new account once the replica runs its maximum, and lets it in when one ends', () => {
    const gate = createExportGate(2);
    const a = gate.enter('a');
    const b = gate.enter('b');
    expect(gate.enter('c').kind).toBe('replica-busy');
    expect(gate.running).toBe(2);
    if (a.kind === 'entered') a.release();
    expect(gate.enter('c').kind).toBe('entered');
    expect(b.kind).toBe('entered');
  });

  it('counts a release once: an old release does not free the same account’s next export', () => {
    const gate = createExportGate(1);
    const first = gate.enter('a');
    if (first.kind !== 'entered') throw new Error('expected to enter');
    first.release();
    const second = gate.enter('a');
    expect(second.kind).toBe('entered');
    first.release(); // late, e.g. from a handler that finished twice
    expect(gate.enter('a').kind).toBe('account-busy');
    expect(gate.enter('b').kind).toBe('replica-busy');
  });

  it('refuses a maximum that is not a positive integer', () => {
    expect(() => createExportGate(0)).toThrow(/positive integer/);
    expect(() => createExportGate(1.5)).toThrow(/positive integer/);
  });
});
