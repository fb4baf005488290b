import { text } from 'node:stream/consumers';
import type { BatchItemResult } from '@keisha/contracts/decoder';
import { batchAnalysisResponse } from '@keisha/contracts/decoder/schemas';
import { describe, expect, it } from 'vitest';
import { embeddedOutcome } from '../../plugins/embedded-engine.ts';
import { batchAnswerStream } from './batch-response.ts';

const keyUsage = { key_prefix: 'ks_live_ab12', day: '2026-11-27', used: 3, daily_limit: 1000, account_used: 5, account_daily_limit: 5000 };
const failed: BatchItemResult = { ok: false, error: { code: 'ANALYSIS_FAILED', message: 'The analysis could not be completed. Please try again.' } };

describe('a batch answer written an article at a time', () => {
  it('is the document the contract describes, articles in their order', async () => {
    const results: BatchItemResult[] = [
      { ok: true, id: 'a', ...embeddedOutcome('Officials described the neighborhood as a war zone after the protest.') },
      { ok: false, id: 'b', error: { code: 'VALIDATION', message: 'Too short' } },
      { ok: true, ...embeddedOutcome('The council approved the budget on Tuesday.') },
    ];
    const problems: number[] = [];
    const body = JSON.parse(await text(batchAnswerStream({ results, keyUsage }, (index) => problems.push(index), failed)));
    expect(batchAnalysisResponse.parse(body)).toEqual({ success: true, results: JSON.parse(JSON.stringify(results)), key_usage: keyUsage });
    expect(problems).toEqual([]);
  });

  it('answers an article that breaks the contract as failed, in its place, and says which', async () => {
    const good = { ok: true as const, id: 'good', ...embeddedOutcome('The council approved the budget on Tuesday.') };
    const broken = { ok: true, id: 'broken', analysis: { score: 'high' }, translation: { text: 'x' } } as unknown as BatchItemResult;
    const problems: number[] = [];
    const body = batchAnalysisResponse.parse(JSON.parse(await text(batchAnswerStream({ results: [good, broken], keyUsage }, (index) => problems.push(index), failed))));
    expect(body.results.map((item) => [item.id, item.ok])).toEqual([
      ['good', true],
      ['broken', false],
    ]);
    expect(problems).toEqual([1]);
  });

  it('an empty batch is still a whole document', async () => {
    expect(JSON.parse(await text(batchAnswerStream({ results: [], keyUsage }, () => {}, failed)))).toEqual({ success: true, results: [], key_usage: keyUsage });
  });
});
