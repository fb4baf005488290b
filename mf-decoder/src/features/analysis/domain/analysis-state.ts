// Spec section 4 ("Analysis"): idle, analysing, then a result or an error. A new run clears the last outcome.

export type AnalysisState<Result> =
  | { status: 'idle' }
  | { status: 'analysing' }
  | { status: 'complete'; result: Result }
  /** `detail`: the service's reason beneath the message; `retry`: Try Again is offered. */
  | { status: 'failed'; message: string; detail?: string; retry?: boolean }
  /** The request never got an answer: the connection-problem panel. */
  | { status: 'connection-problem' };

export type AnalysisAction<Result> =
  | { type: 'start' }
  | { type: 'succeed'; result: Result }
  /** A result from elsewhere (a reopened analysis from the history): shown whatever was on screen. */
  | { type: 'show'; result: Result }
  | { type: 'fail'; message: string; detail?: string; retry?: boolean }
  | { type: 'lose-connection' }
  /** The run ended without an outcome of its own (the paywall took over): back to the empty state. */
  | { type: 'cancel' };

export const initialAnalysisState = { status: 'idle' } as const;

export function analysisReducer<Result>(state: AnalysisState<Result>, action: AnalysisAction<Result>): AnalysisState<Result> {
  switch (action.type) {
    case 'start':
      return { status: 'analysing' };
    case 'succeed':
      // An answer that arrives after the run was abandoned must not resurrect it.
      return state.status === 'analysing' ? { status: 'complete', result: action.result } : state;
    case 'show':
      return { status: 'complete', result: action.result };
    case 'fail': {
      const { type: _type, ...failure } = action;
      return { status: 'failed', ...failure };
    }
    case 'lose-connection':
      return { status: 'connection-problem' };
    case 'cancel':
      return state.status === 'analysing' ? initialAnalysisState : state;
  }
}

export function isAnalysing(state: AnalysisState<unknown>): boolean {
  return state.status === 'analysing';
}
