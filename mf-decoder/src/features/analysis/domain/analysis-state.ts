// Spec section 4 ("Analysis"): idle, analysing, then a result or an error. A new run clears the last outcome.

export type AnalysisState<Result> =
  | { status: 'idle' }
  | { status: 'analysing' }
  | { status: 'complete'; result: Result }
  | { status: 'failed'; message: string };

export type AnalysisAction<Result> =
  | { type: 'start' }
  | { type: 'succeed'; result: Result }
  | { type: 'fail'; message: string };

export const initialAnalysisState = { status: 'idle' } as const;

export function analysisReducer<Result>(state: AnalysisState<Result>, action: AnalysisAction<Result>): AnalysisState<Result> {
  switch (action.type) {
    case 'start':
      return { status: 'analysing' };
    case 'succeed':
      // An answer that arrives after the run was abandoned must not resurrect it.
      return state.status === 'analysing' ? { status: 'complete', result: action.result } : state;
    case 'fail':
      return { status: 'failed', message: action.message };
  }
}

export function isAnalysing(state: AnalysisState<unknown>): boolean {
  return state.status === 'analysing';
}
