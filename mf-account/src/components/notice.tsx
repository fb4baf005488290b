import type { ReactNode } from 'react';
import styles from './notice.module.css';
import tones from './tone.module.css';

const KINDS = { error: tones.danger, success: tones.success, info: styles.info };

/**
 * A message in a coloured box. Errors are alerts (read out at once); success and info are polite
 * status messages.
 */
export function Notice({ kind, children, className }: { kind: keyof typeof KINDS; children: ReactNode; className?: string }) {
  return (
    <p className={[styles.notice, KINDS[kind], className].filter(Boolean).join(' ')} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
