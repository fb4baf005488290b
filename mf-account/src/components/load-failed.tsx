import { errorMessage } from '../lib/error-message.ts';
import styles from './admin-list.module.css';
import { Button } from './button.tsx';
import { Notice } from './notice.tsx';

/** A list the console could not load: why (or `fallback` when the error does not say), and Try again. */
export function LoadFailed({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div className={styles.failed}>
      <Notice kind="error">{errorMessage(error, fallback)}</Notice>
      <Button size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
