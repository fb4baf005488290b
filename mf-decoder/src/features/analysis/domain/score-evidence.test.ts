import { describe, expect, it } from 'vitest';
import { effectText, evidenceRest, readEvidence } from './score-evidence.ts';

describe('readEvidence', () => {
  it('keeps well-formed pieces, the starting point first, and at most five others', () => {
    const pieces = Array.from({ length: 8 }, (_, i) => ({ kind: 'framing', label: `piece ${i}`, effect: i + 1 }));
    const read = readEvidence([...pieces, { kind: 'baseline', label: 'Typical', effect: 54 }]);
    expect(read[0]).toEqual({ kind: 'baseline', label: 'Typical', effect: 54 });
    expect(read).toHaveLength(6);
  });

  it('drops what an older or hostile answer may hold', () => {
    expect(readEvidence(undefined)).toEqual([]);
    expect(readEvidence('evidence')).toEqual([]);
    expect(readEvidence([{ kind: 'script', label: 'x', effect: 1 }, { kind: 'term', label: '', effect: 3 }, { kind: 'term', label: 'ok', effect: 1.5 }, null, { kind: 'words', label: 'words', effect: 0 }])).toEqual([]);
  });

  it('writes effects with their sign', () => {
    expect(effectText(15)).toBe('+15');
    expect(effectText(-12)).toBe('\u221212');
  });

  it('names what the shown pieces leave out of the score', () => {
    const baseline = { kind: 'baseline' as const, label: 'A typical sentence', effect: 53 };
    // The landing example: 53 + 34 - 21 - 13 - 13 + 3 is 43, the engine's score 42.
    const pieces = [baseline, ...[34, -21, -13, -13, 3].map((effect) => ({ kind: 'framing' as const, label: 'x', effect }))];
    expect(evidenceRest(pieces, 42)).toBe(-1);
    expect(evidenceRest([baseline], 53)).toBe(0);
    expect(evidenceRest([{ kind: 'term', label: 'x', effect: 4 }], 40)).toBeNull();
  });
});
