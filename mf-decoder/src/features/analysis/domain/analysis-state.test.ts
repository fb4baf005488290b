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

  it('keeps the reason beneath the message, and whether Try Again helps', () => {
    expect(
      analysisReducer<never>({ status: 'analysing' }, { type: 'fail', message: 'Analysis failed', detail: 'The decoder service is not reachable.', retry: true }),
    ).toEqual({ status: 'failed', message: 'Analysis failed', detail: 'The decoder service is not reachable.', retry: true });
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

describe('analysisReducer: connection problems and cancelled runs', () => {
  it('shows the connection problem, and clears it on the next run', () => {
    const lost = analysisReducer<never>({ status: 'analysing' }, { type: 'lose-connection' });
    expect(lost).toEqual({ status: 'connection-problem' });
    expect(analysisReducer<never>(lost, { type: 'start' })).toEqual({ status: 'analysing' });
  });

  it('returns to the empty state when a run is cancelled, and ignores a late cancel', () => {
    expect(analysisReducer<never>({ status: 'analysing' }, { type: 'cancel' })).toEqual({ status: 'idle' });
    const done: State = { status: 'complete', result: { score: 9 } };
    expect(analysisReducer(done, { type: 'cancel' })).toBe(done);
  });
});

describe('analysisReducer: reopening', () => {
  it('shows a reopened result whatever was on screen', () => {
    expect(analysisReducer<{ score: number }>({ status: 'failed', message: 'x' }, { type: 'show', result: { score: 5 } })).toEqual({
      status: 'complete',
      result: { score: 5 },
    });
  });
});
