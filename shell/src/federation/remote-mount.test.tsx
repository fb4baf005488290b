// @vitest-environment jsdom
// A remote whose server was down when the page opened: the fallback says so, asks again by itself, and the
// remote takes its place as soon as it loads, with no click and no reload.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteProps } from './remotes.ts';

const loader = vi.hoisted(() => ({
  answers: [] as Array<'down' | 'up'>,
  loads: 0,
  forgotten: 0,
  manifest: 'http://localhost:3703/mf-manifest.json' as string | undefined,
}));

function ChatRemote({ page }: RemoteProps) {
  return <p>The chat remote, page {page}</p>;
}

vi.mock('./remotes.ts', () => ({
  loadRemoteComponent: async (): Promise<ComponentType<RemoteProps>> => {
    loader.loads++;
    if ((loader.answers.shift() ?? 'down') === 'down') throw new Error('Remote "chat" is unavailable: connection refused');
    return ChatRemote;
  },
  forgetRemote: () => void loader.forgotten++,
  manifestUrlOf: () => loader.manifest,
  preloadPage: async () => undefined,
}));
vi.mock('./error-reports.ts', () => ({ reportRemoteFailure: () => undefined }));

const { RemoteMount, RETRYING_NOTE } = await import('./remote-mount.tsx');

function renderMount() {
  return render(
    <MemoryRouter>
      <RemoteMount remote="chat" page="payment-cancelled" />
    </MemoryRouter>,
  );
}

/** Lets the timers run for `ms` and the loads they start settle. */
const elapse = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('RemoteMount, while its remote is down', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // pauses without spread: 1 s, 2 s, 4 s...
    loader.answers = [];
    loader.loads = 0;
    loader.forgotten = 0;
    loader.manifest = 'http://localhost:3703/mf-manifest.json';
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the fallback, says it keeps trying, and swaps the remote in when it answers, without a click', async () => {
    loader.answers = ['down', 'down', 'down', 'up'];
    renderMount();
    await elapse(0);
    const fallback = screen.getByRole('alert');
    expect(fallback.textContent).toContain('The chat assistant is unavailable right now');
    expect(screen.getByText(RETRYING_NOTE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();

    // Tries after 1 s and 2 s more fail: still the fallback.
    await elapse(1000);
    expect(loader.loads).toBe(2);
    await elapse(2000);
    expect(loader.loads).toBe(3);
    expect(screen.getByRole('alert')).toBeTruthy();

    // The server is back: the next try, 4 s later, swaps the remote in.
    await elapse(4000);
    expect(loader.loads).toBe(4);
    expect(screen.getByText('The chat remote, page payment-cancelled')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // The runtime's memory of the failed remote was dropped before each try.
    expect(loader.forgotten).toBeGreaterThanOrEqual(3);

    // Loaded: nothing more is asked.
    await elapse(60_000);
    expect(loader.loads).toBe(4);
  });

  it('stops asking when the fallback goes away', async () => {
    const { unmount } = renderMount();
    await elapse(0);
    await elapse(1000);
    expect(loader.loads).toBe(2);
    unmount();
    await elapse(120_000);
    expect(loader.loads).toBe(2);
  });

  it('asks nothing while the page is hidden, and at once when it is shown again', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    loader.answers = ['down', 'up'];
    renderMount();
    await elapse(0);
    document.dispatchEvent(new Event('visibilitychange'));
    await elapse(60_000);
    expect(loader.loads).toBe(1);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await elapse(0);
    expect(loader.loads).toBe(2);
    expect(screen.getByText('The chat remote, page payment-cancelled')).toBeTruthy();
  });

  it('does not ask again for a remote missing from /remotes.json (nowhere to ask until a reload)', async () => {
    loader.manifest = undefined;
    renderMount();
    await elapse(0);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText(RETRYING_NOTE)).toBeNull();
    await elapse(120_000);
    expect(loader.loads).toBe(1);
  });

  it('still loads it at once on Retry', async () => {
    loader.answers = ['down', 'up'];
    renderMount();
    await elapse(0);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await elapse(0);
    expect(screen.getByText('The chat remote, page payment-cancelled')).toBeTruthy();
    expect(loader.loads).toBe(2);
  });
});
