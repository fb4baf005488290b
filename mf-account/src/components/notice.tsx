import type { ReactNode } from 'react';
import styles from './notice.module.css';

/**
 * A message in a coloured box. Errors are alerts (read out at once); success and info are polite
 * status messages.
 */
export function Notice({ kind, children, className }: { kind: 'error' | 'success' | 'info'; children: ReactNode; className?: string }) {
  return (
    <p className={[styles.notice, styles[kind], className].filter(Boolean).join(' ')} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
