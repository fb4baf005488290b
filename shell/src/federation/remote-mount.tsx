import { Component, startTransition, useCallback, useEffect, useLayoutEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles as buttons, cardStyles as card } from '@keisha/ui';
import { startAutoRetry } from './auto-retry.ts';
import { reportRemoteFailure } from './error-reports.ts';
import { forgetRemote, loadRemoteComponent, manifestUrlOf, preloadPage, type RemoteProps } from './remotes.ts';
import { dropPrerendered, hasPrerendered } from './prerendered.ts';
import type { RemoteName } from './registry.ts';
import styles from './remote-mount.module.css';

const AREA_LABEL: Record<RemoteName, string> = {
  marketing: 'This page',
  decoder: 'The news decoder',
  chat: 'The chat assistant',
  account: 'The account area',
};

/** Said while the fallback asks for the remote again by itself. */
export const RETRYING_NOTE = 'Keisha keeps trying: this part appears here by itself as soon as it is back.';

function RemoteFallback({ remote, onRetry, retrying = false }: { remote: RemoteName; onRetry: () => void; retrying?: boolean }) {
  return (
    <section className={`${card.card} ${styles.fallback}`} role="alert" data-remote-fallback={remote}>
      <h2>{AREA_LABEL[remote]} is unavailable right now</h2>
      <p>We could not load this part of Keisha. The rest of the site still works.</p>
      {retrying && <p className={styles.note}>{RETRYING_NOTE}</p>}
      <div className={styles.actions}>
        <button type="button" className={`${buttons.primary} ${buttons.small} ${styles.retry}`} onClick={onRetry}>
          Retry
        </button>
        <Link to="/">Home</Link>
        <Link to="/bias-detection">News decoder</Link>
        <Link to="/pricing">Pricing</Link>
      </div>
    </section>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that throws while rendering, so only its own area shows the fallback. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[keisha] remote "${this.props.remote}" crashed while rendering:`, error, info.componentStack);
    reportRemoteFailure(this.props.remote, manifestUrlOf(this.props.remote), 'crash', error);
  }
  override render() {
    if (this.state.failed) {
      return (
        <RemoteFallback
          remote={this.props.remote}
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<RemoteProps> }
  | { status: 'failed' };

/** The platform's loading state (spec section 4: 'Loading...'), visible and announced to screen readers. */
export function LoadingState() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      Loading...
    </div>
  );
}

/** Mounts one module of a remote with a loading state, a load timeout, bounded retry and an inline fallback. */
export function RemoteMount({ remote, module = 'App', page }: { remote: RemoteName; module?: string; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteComponent(remote, module)
      .then(async (Component) => {
        await preloadPage(Component, remote, page);
        return Component;
      })
      .then(
        // A transition: React renders a large remote in slices, yielding to input, instead of one long task.
        (Component) => !cancelled && startTransition(() => setState({ status: 'ready', Component })),
        (error: unknown) => {
          reportRemoteFailure(remote, manifestUrlOf(remote), 'load', error);
          if (!cancelled) setState({ status: 'failed' });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [remote, module, page, attempt]);

  // While the fallback shows, the remote is asked for again by itself, and swapped in as soon as it answers:
  // a server back up, a redeploy finished. (A remote that crashed while rendering is not: it would again.)
  // A remote missing from /remotes.json has nowhere to be asked for until the page is reloaded.
  const failed = state.status === 'failed';
  const retrying = failed && manifestUrlOf(remote) !== undefined;
  useEffect(() => {
    if (!retrying) return;
    let current = true;
    const stop = startAutoRetry({
      attempt: async () => {
        // What the runtime kept of the failed remote (its entry, its manifest) is dropped first.
        forgetRemote(remote);
        const Component = await loadRemoteComponent(remote, module, { attempts: 1 });
        await preloadPage(Component, remote, page);
        if (current) startTransition(() => setState({ status: 'ready', Component }));
        return true;
      },
    });
    return () => {
      current = false;
      stop();
    };
  }, [retrying, remote, module, page]);

  // The live remote (or its fallback) takes over from a prerendered page in the same frame: no flash between.
  useLayoutEffect(() => {
    if (state.status !== 'loading') dropPrerendered();
  }, [state.status]);

  const retry = useCallback(() => {
    forgetRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);

  if (state.status === 'loading') {
    // A prerendered copy of the page is already on screen: it is the loading state.
    if (hasPrerendered()) return null;
    return <LoadingState />;
  }
  if (state.status === 'failed') return <RemoteFallback remote={remote} onRetry={retry} retrying={retrying} />;
  const { Component } = state;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <div data-remote={remote}>
        <Component page={page} />
      </div>
    </RemoteErrorBoundary>
  );
}
