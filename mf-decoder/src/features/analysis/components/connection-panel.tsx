import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { buttonStyles as buttons, pillStyles as pill, sectionStyles as section } from '@keisha/ui';
import { TRY_AGAIN } from '../../../lib/copy.ts';
import { testConnection } from '../api/test-connection.ts';
import { CONNECTIVITY_MESSAGES, type ConnectivityOutcome } from '../domain/connectivity.ts';
import { useOnlineStatus } from '../hooks/use-online-status.ts';
import styles from './connection-panel.module.css';

const TIPS = [
  'Check that your Wi-Fi or mobile data is on and working.',
  'If you use a VPN, proxy or firewall, make sure it lets this site through.',
  'Wait a few seconds and try again: the service may be restarting.',
];

interface ConnectionPanelProps {
  onRetry: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Spec section 2: the connection-problem panel, shown when an analysis never got an answer. */
export function ConnectionPanel({ onRetry, headingRef }: ConnectionPanelProps) {
  const online = useOnlineStatus();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<ConnectivityOutcome | null>(null);
  const tipsId = useId();
  const titleId = useId();
  const testRun = useRef(0);

  // "You are offline..." is stale once the browser is back online: the indicator says so, the old result goes.
  useEffect(() => {
    if (online) setOutcome((current) => (current === 'offline' ? null : current));
  }, [online]);

  async function runTest() {
    if (testing) return;
    const run = ++testRun.current;
    setTesting(true);
    setOutcome(null);
    const result = await testConnection();
    if (run !== testRun.current) return;
    setOutcome(result);
    setTesting(false);
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.head}>
        <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path d="M8 20a24 24 0 0 1 32 0M14 27a15 15 0 0 1 20 0M20 34a6 6 0 0 1 8 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <path d="M10 10l28 28" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h3 ref={headingRef} id={titleId} className={styles.title} tabIndex={-1}>
          Connection problem
        </h3>
        {/* An alert: the panel appears after RUN ANALYSIS while focus stays on that button, so it is said at once. */}
        <p className={section.muted} role="alert">
          We could not reach the analysis service, so your article has not been analysed.
        </p>
      </div>

      <p className={`${pill.pill} ${pill.outlined} ${styles.indicator} ${online ? styles.online : styles.offline}`} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {online ? 'You are online' : 'You are offline'}
      </p>

      <div className={styles.actions}>
        <button type="button" className={`${buttons.primary} ${styles.primary}`} onClick={onRetry}>
          {TRY_AGAIN}
        </button>
        <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={() => void runTest()} aria-disabled={testing}>
          {testing ? 'Testing...' : 'Test Connection'}
        </button>
      </div>

      <p className={`${styles.result} ${outcome === 'ok' ? styles.resultOk : outcome ? styles.resultBad : ''}`} aria-live="polite">
        {outcome ? CONNECTIVITY_MESSAGES[outcome] : ''}
      </p>

      <div className={styles.tips}>
        <h4 id={tipsId} className={styles.tipsTitle}>
          Tips
        </h4>
        <ul aria-labelledby={tipsId} className={styles.tipList}>
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
