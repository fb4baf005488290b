import { errorMessage } from '../lib/error-message.ts';
import styles from './admin-list.module.css';
import { Button } from './button.tsx';
import { Notice } from './notice.tsx';

/**
 * What could not be loaded: why (or `fallback` when the error does not say), and Try again. `className` sets its
 * row's spacing where the page's differs from an admin list's.
 */
export function LoadFailed({ error, fallback, onRetry, className = styles.failed }: { error: unknown; fallback: string; onRetry: () => void; className?: string | undefined }) {
  return (
    <div className={className}>
      <Notice kind="error">{errorMessage(error, fallback)}</Notice>
      <Button size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
