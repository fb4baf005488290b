import { describe, expect, it } from 'vitest';
import { analysisReducer, initialAnalysisState, isAnalysing, type AnalysisState } from './analysis-state.ts';

type State = AnalysisState<{ score: number }>;

describe('analysisReducer', () => {
  it('starts idle and moves to analysing on start', () => {
    const state: State = initialAnalysisState;
    expect(isAnalysing(state)).toBe(false);
    const next = analysisReducer(state, { type: 'start' });
    expect(next).toEqual({ status: 'analysing' });
    expect(isAnalysing(next)).toBe(true);
  });

  it('keeps the result of a successful run', () => {
    const next = analysisReducer<{ score: number }>({ status: 'analysing' }, { type: 'succeed', result: { score: 42 } });
    expect(next).toEqual({ status: 'complete', result: { score: 42 } });
  });

  it('keeps the message of a failed run', () => {
    expect(analysisReducer<never>({ status: 'analysing' }, { type: 'fail', message: 'Analysis failed' })).toEqual({
      status: 'failed',
      message: 'Analysis failed',
    });
  });

  it('clears the previous result or error when a new run starts', () => {
    expect(analysisReducer<{ score: number }>({ status: 'complete', result: { score: 1 } }, { type: 'start' })).toEqual({
      status: 'analysing',
    });
    expect(analysisReducer<never>({ status: 'failed', message: 'x' }, { type: 'start' })).toEqual({ status: 'analysing' });
  });

  it('ignores a result that arrives when no run is in progress', () => {
    const failed: State = { status: 'failed', message: 'Analysis failed' };
    expect(analysisReducer(failed, { type: 'succeed', result: { score: 3 } })).toBe(failed);
  });
});
