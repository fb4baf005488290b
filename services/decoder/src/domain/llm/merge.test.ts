import { describe, expect, it } from 'vitest';
import type { Analysis } from '@keisha/contracts/decoder';
import { locate, mergeFindings } from './merge.ts';

const text = 'The Urban youth gathered; urban youth were blamed for the unrest.';
const embedded: Analysis = {
  score: 40,
  threshold: 50,
  analysis_summary: 'Embedded summary.',
  detected_terms: [{ term: 'unrest', explanation: 'ours', is_codeword: false, count: 1, category: 'euphemism', spans: [{ start: 58, end: 64 }], source_url: 'https://example.org' }],
  engine: 'embedded',
  notes: [],
};

describe('locate', () => {
  it('finds every case-insensitive occurrence', () => {
    expect(locate(text, 'urban youth')).toEqual([
      { start: 4, end: 15 },
      { start: 26, end: 37 },
    ]);
    expect(locate(text, 'x')).toEqual([]);
  });
});

describe('mergeFindings', () => {
  it('averages the scores, keeps only terms that occur, and prefers the embedded entry', () => {
    const merged = mergeFindings(text, embedded, {
      score: 80,
      summary: 'Model summary.',
      translation: 'ignored here',
      terms: [
        { term: 'urban youth', explanation: 'coded', is_codeword: true, category: 'coded-racial' },
        { term: 'not in the text', explanation: 'invented', is_codeword: true, category: 'coded-racial' },
        { term: 'Unrest', explanation: 'theirs', is_codeword: false, category: 'x' },
      ],
    });
    expect(merged.score).toBe(60);
    expect(merged.engine).toBe('embedded+llm');
    expect(merged.detected_terms.map((t) => [t.term, t.count, t.explanation])).toEqual([
      ['unrest', 1, 'ours'],
      ['Urban youth', 2, 'coded'],
    ]);
    expect(merged.analysis_summary).toBe('Model summary.\n\nEmbedded summary.');
  });

  it('clamps a model score outside 0-100', () => {
    expect(mergeFindings(text, embedded, { score: 900, summary: '', translation: '', terms: [] }).score).toBe(70);
  });
});
