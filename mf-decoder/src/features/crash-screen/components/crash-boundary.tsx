import { Component, createRef, type ErrorInfo, type ReactNode } from 'react';
import { trackEvent } from '@keisha/store';
import { canRetry, crashReport, retryLabel } from '../domain/retries.ts';
import { buttonStyles as buttons, statusCardStyles as statusCard } from '@keisha/ui';
import styles from './crash-boundary.module.css';

interface CrashBoundaryProps {
  children: ReactNode;
}

interface CrashBoundaryState {
  crashed: boolean;
  retries: number;
}

/**
 * Spec section 2 ("Generic error screen") and 8 ("Component crash"): a crash anywhere in the decoder page
 * shows 'Something went wrong' instead of a blank area, and is reported to analytics. 'Try Again' renders
 * the page afresh, at most 3 times; 'Reload Page' starts over.
 */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  override state: CrashBoundaryState = { crashed: false, retries: 0 };
  private heading = createRef<HTMLHeadingElement>();

  static getDerivedStateFromError(): Partial<CrashBoundaryState> {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[keisha] the news decoder crashed while rendering:', error, info.componentStack);
    trackEvent('component_crash', { component: 'decoder', ...crashReport(error, info.componentStack, this.state.retries) });
  }

  override componentDidMount() {
    if (this.state.crashed) this.heading.current?.focus();
  }

  override componentDidUpdate(_: CrashBoundaryProps, previous: CrashBoundaryState) {
    if (this.state.crashed && !previous.crashed) this.heading.current?.focus();
  }

  private retry = () => {
    if (!canRetry(this.state.retries)) return;
    this.setState((state) => ({ crashed: false, retries: state.retries + 1 }));
  };

  private reload = () => {
    window.location.reload();
  };

  override render() {
    if (!this.state.crashed) return this.props.children;
    const retryable = canRetry(this.state.retries);
    return (
      <div className={`${statusCard.page} ${styles.screen}`}>
        <section className={`${statusCard.card} ${styles.card}`} role="alert" aria-labelledby="decoder-crash-title">
          <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path d="M24 6 44 41H4L24 6Z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
            <path d="M24 19v10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            <circle cx="24" cy="35" r="2" fill="currentColor" />
          </svg>
          <h2 id="decoder-crash-title" ref={this.heading} className={styles.title} tabIndex={-1}>
            Something went wrong
          </h2>
          <p className={statusCard.text}>
            The news decoder ran into an unexpected problem. Your article was not sent anywhere new. You can try
            again or reload the page.
          </p>
          <div className={styles.actions}>
            <button type="button" className={`${buttons.primary} ${styles.button}`} onClick={this.retry} disabled={!retryable}>
              {retryLabel(this.state.retries)}
            </button>
            <button type="button" className={`${buttons.secondary} ${styles.button}`} onClick={this.reload}>
              Reload Page
            </button>
          </div>
        </section>
      </div>
    );
  }
}
