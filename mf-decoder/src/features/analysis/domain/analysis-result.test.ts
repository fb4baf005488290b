import { describe, expect, it } from 'vitest';
import { isValidUsageRecord, readAnalysisResult, readUsage } from './analysis-result.ts';
import { guestUsage } from '../../../testing/usage.ts';

const usage = guestUsage({ daily_count: 1, remaining: 2 });

/** The one term the engine found in 'The inner city.', as it sends it and as the page keeps it. */
const INNER_CITY = {
  term: 'inner city',
  explanation: 'Coded.',
  is_codeword: true,
  count: 1,
  category: 'coded-racial',
  spans: [{ start: 4, end: 14 }],
  source_url: 'https://example.org/a',
};

describe('readAnalysisResult', () => {
  it('keeps the text that was sent with the analysis made of it', () => {
    const result = readAnalysisResult('The inner city.', {
      success: true,
      analysis: {
        score: 71.6,
        threshold: 50,
        analysis_summary: 'One.\n\nTwo.',
        detected_terms: [INNER_CITY],
        engine: 'embedded',
        notes: ['The offline engine answered.'],
        evidence: [{ kind: 'baseline', label: 'Typical', effect: 54 }, { kind: 'term', label: 'Coded term', effect: 20 }],
      },
      translation: { text: 'Plainly: a Black neighbourhood.' },
      usage,
    });
    expect(result).toEqual({
      text: 'The inner city.',
      score: 72,
      summary: 'One.\n\nTwo.',
      terms: [INNER_CITY],
      translation: 'Plainly: a Black neighbourhood.',
      notes: ['The offline engine answered.'],
      engine: 'embedded',
      evidence: [{ kind: 'baseline', label: 'Typical', effect: 54 }, { kind: 'term', label: 'Coded term', effect: 20 }],
    });
  });

  it('fills in what a sparse answer leaves out and drops what cannot be shown', () => {
    const result = readAnalysisResult('x', {
      analysis: {
        score: 'high',
        detected_terms: [
          { term: 'thugs', rationale: 'Racialised.', spans: [{ start: 0, end: 1 }, { start: 'a', end: 2 }], is_codeword: 'yes' },
          { term: '   ' },
          null,
          'thugs',
        ],
        notes: ['', 3, 'Kept.'],
      },
      translation: 'Plain text translation',
    });
    expect(result).toMatchObject({
      score: 0,
      summary: '',
      translation: 'Plain text translation',
      notes: ['Kept.'],
      terms: [{ term: 'thugs', explanation: 'Racialised.', is_codeword: false, count: 1, category: '', spans: [{ start: 0, end: 1 }], source_url: '' }],
    });
  });

  it('is null when the answer has no analysis', () => {
    expect(readAnalysisResult('x', { success: true })).toBeNull();
    expect(readAnalysisResult('x', null)).toBeNull();
    expect(readAnalysisResult('x', 'ok')).toBeNull();
  });
});

describe('isValidUsageRecord', () => {
  it('accepts a non-negative count with a known tier', () => {
    expect(isValidUsageRecord(usage)).toBe(true);
    expect(isValidUsageRecord({ ...usage, daily_count: 0, subscription_tier: 'annual' })).toBe(true);
  });

  it('refuses a negative or missing count and an unknown tier', () => {
    expect(isValidUsageRecord({ ...usage, daily_count: -1 })).toBe(false);
    expect(isValidUsageRecord({ ...usage, daily_count: '1' })).toBe(false);
    expect(isValidUsageRecord({ ...usage, daily_count: Number.NaN })).toBe(false);
    expect(isValidUsageRecord({ ...usage, subscription_tier: 'gold' })).toBe(false);
    expect(isValidUsageRecord(null)).toBe(false);
  });

  it('reads the usage an answer carries only when it is valid', () => {
    expect(readUsage({ success: true, usage })).toBe(usage);
    expect(readUsage({ success: true, usage: { ...usage, subscription_tier: 'vip' } })).toBeNull();
    expect(readUsage(undefined)).toBeNull();
  });
});
