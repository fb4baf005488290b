// @vitest-environment jsdom
import { ApiError } from '@keisha/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, keishaStore, toSiteUser, useSessionPoll, type PollOutcome } from './index.ts';

const READER = toSiteUser({ id: 'u1', email: 'reader@example.org', role: 'user', created_at: '2026-01-01T00:00:00.000Z' });
const restore = (user: typeof READER | null) => act(() => keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user }));

/** An `ask` that answers from a script, one answer per call, and records the keys it was asked about. */
function scripted<T>(answers: Array<PollOutcome<T> | Error>) {
  const asked: string[] = [];
  const ask = async (key: string) => {
    asked.push(key);
    const next = answers.shift() ?? 'again';
    if (next instanceof Error) throw next;
    return next;
  };
  return { ask, asked };
}

describe('useSessionPoll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // A page that has just opened: the session not yet restored.
    act(() => keishaStore.setState({ auth: initialAuthState }));
  });
  afterEach(() => vi.useRealTimers());

  it('is idle without a key, and asks nothing', async () => {
    const { ask, asked } = scripted<string>([{ done: 'x' }]);
    await restore(READER);
    const { result } = renderHook(() => useSessionPoll(null, ask, { attempts: 3, retryMs: 1000 }));
    expect(result.current).toEqual({ status: 'idle' });
    expect(asked).toEqual([]);
  });

  it('waits for the session, and asks nobody when no one is signed in', async () => {
    const { ask, asked } = scripted<string>([{ done: 'x' }]);
    const { result } = renderHook(() => useSessionPoll('p1', ask, { attempts: 3, retryMs: 1000 }));
    expect(result.current).toEqual({ status: 'checking' });
    await restore(null);
    expect(result.current).toEqual({ status: 'sign-in' });
    expect(asked).toEqual([]);
  });

  it('asks again after the pause while the answer is "not yet", then gives the answer', async () => {
    const { ask, asked } = scripted<string>(['again', 'again', { done: 'paid' }]);
    await restore(READER);
    const { result } = renderHook(() => useSessionPoll('p1', ask, { attempts: 5, retryMs: 1000 }));
    await act(async () => {});
    expect(result.current).toEqual({ status: 'checking' });
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(asked).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1001));
    expect(result.current).toEqual({ status: 'done', value: 'paid' });
    expect(asked).toEqual(['p1', 'p1', 'p1']);
  });

  it('shows where things stand while it waits to ask again', async () => {
    const { ask } = scripted<string>([{ waiting: 'pending' }, { done: 'paid' }]);
    await restore(READER);
    const { result } = renderHook(() => useSessionPoll('p1', ask, { attempts: 3, retryMs: 100 }));
    await act(async () => {});
    expect(result.current).toEqual({ status: 'waiting', value: 'pending' });
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(result.current).toEqual({ status: 'done', value: 'paid' });
  });

  it('gives up after the last attempt', async () => {
    const { ask, asked } = scripted<string>([]);
    await restore(READER);
    const { result } = renderHook(() => useSessionPoll('p1', ask, { attempts: 3, retryMs: 100 }));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toEqual({ status: 'gave-up' });
    expect(asked).toHaveLength(3);
  });

  it('reports an error, and a new round asks again from the start', async () => {
    const failure = new Error('billing down');
    const { ask, asked } = scripted<string>([failure, { done: 'paid' }]);
    await restore(READER);
    const { result, rerender } = renderHook(({ round }) => useSessionPoll('p1', ask, { attempts: 3, retryMs: 100, round }), {
      initialProps: { round: 0 },
    });
    await act(async () => {});
    expect(result.current).toEqual({ status: 'error', error: failure });
    rerender({ round: 1 });
    await act(async () => {});
    expect(result.current).toEqual({ status: 'done', value: 'paid' });
    expect(asked).toHaveLength(2);
  });

  it('says identity’s reason, not "sign in", while a held sign-in cannot be confirmed, and asks once it is', async () => {
    const { ask, asked } = scripted<string>([{ done: 'paid' }]);
    const problem = { status: 503, code: 'AUTH_UNAVAILABLE', message: 'We could not confirm your sign-in just now.' };
    act(() => keishaStore.getState().dispatchAuth({ type: 'SIGN_IN_UNCONFIRMED', problem }));
    await restore(null);
    const { result } = renderHook(() => useSessionPoll('p1', ask, { attempts: 3, retryMs: 100 }));
    expect(result.current.status).toBe('error');
    const error = (result.current as { error: unknown }).error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'AUTH_UNAVAILABLE', message: problem.message });
    expect(asked).toEqual([]);

    // Identity answers: the session is confirmed, and the question is asked.
    act(() => keishaStore.getState().dispatchAuth({ type: 'LOGIN_SUCCESS', user: READER }));
    await act(async () => {});
    expect(result.current).toEqual({ status: 'done', value: 'paid' });
    expect(asked).toEqual(['p1']);
  });

  it('asks again after the pause when the service could not answer just then, showing the error meanwhile', async () => {
    const down = new ApiError(503, 'PLAN_UNAVAILABLE', 'Billing cannot say your plan just now.');
    const { ask, asked } = scripted<string>([down, new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), { done: 'paid' }]);
    await restore(READER);
    const { result } = renderHook(() => useSessionPoll('p1', ask, { attempts: 5, retryMs: 1000 }));
    await act(async () => {});
    expect(result.current).toEqual({ status: 'error', error: down });
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('error');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toEqual({ status: 'done', value: 'paid' });
    expect(asked).toHaveLength(3);
  });

  it('does not ask again after a refusal, nor past the last attempt', async () => {
    const refused = new ApiError(404, 'NOT_FOUND', 'No such purchase');
    const first = scripted<string>([refused, { done: 'paid' }]);
    await restore(READER);
    const once = renderHook(() => useSessionPoll('p1', first.ask, { attempts: 5, retryMs: 100 }));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(once.result.current).toEqual({ status: 'error', error: refused });
    expect(first.asked).toHaveLength(1);
    once.unmount();

    const down = () => new ApiError(502, 'UPSTREAM_UNAVAILABLE', 'The billing service is not reachable.');
    const second = scripted<string>([down(), down(), down()]);
    const { result } = renderHook(() => useSessionPoll('p1', second.ask, { attempts: 2, retryMs: 100 }));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('error');
    expect(second.asked).toHaveLength(2);
  });

  it('stops asking when the page goes away', async () => {
    const { ask, asked } = scripted<string>(['again', 'again', 'again']);
    await restore(READER);
    const { unmount } = renderHook(() => useSessionPoll('p1', ask, { attempts: 5, retryMs: 100 }));
    await act(async () => {});
    unmount();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(asked).toHaveLength(1);
  });
});
