import { useEffect, useState } from 'react';
import { copyText } from '../../../lib/clipboard.ts';
import styles from './copy-button.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/** A small Copy button that says, for a moment, whether it worked (announced politely). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    setState((await copyText(text)) ? 'copied' : 'failed');
  }

  return (
    <span className={styles.wrap}>
      <button type="button" className={styles.button} onClick={() => void copy()}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {label}
      </button>
      <span className={styles.status} role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </span>
  );
}
