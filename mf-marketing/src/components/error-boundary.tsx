import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What the failure is called in the log. */
  label: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a failing part (a third-party widget, say) from taking the page down: logs it, shows the fallback. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[keisha] ${this.props.label} failed:`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
