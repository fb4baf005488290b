import type { Usage } from '@keisha/contracts/decoder';
import { Link } from 'react-router-dom';
import { buttonStyles as buttons, sectionStyles as section } from '@keisha/ui';
import { shouldPromptUpgrade, upgradePromptText, usageShare, usageSummary } from '../domain/usage.ts';
import styles from './usage.module.css';

/** How much of today's allowance is used, under the article (spec sections 3 and 4). */
export function UsageStatus({ usage, syncProblem }: { usage: Usage | null; syncProblem: string | null }) {
  if (!usage && !syncProblem) return null;
  const share = usage ? usageShare(usage) : null;
  return (
    <div className={styles.usage}>
      {usage && (
        <p className={styles.usageLine}>
          {share !== null && (
            <span className={styles.meter} aria-hidden="true">
              <span className={`${styles.meterFill} ${share >= 1 ? styles.meterFull : ''}`} style={{ width: `${share * 100}%` }} />
            </span>
          )}
          {usageSummary(usage)}
        </p>
      )}
      {syncProblem && (
        <p className={`${section.muted} ${styles.syncProblem}`}>
          {`Usage could not be synced (${syncProblem}). ${usage ? 'Showing the count kept on this device.' : ''}`.trim()}
        </p>
      )}
    </div>
  );
}

/** Spec section 4: guests and free users are prompted to upgrade from 80% of their daily limit on. */
export function UpgradeBanner({ usage, addressUnconfirmed = false }: { usage: Usage | null; addressUnconfirmed?: boolean }) {
  if (!usage || !shouldPromptUpgrade(usage)) return null;
  return (
    <aside className={styles.banner} aria-label="Upgrade">
      <svg className={styles.bannerIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7L12 3Z" fill="currentColor" />
      </svg>
      <p className={styles.bannerText}>{upgradePromptText(usage, addressUnconfirmed)}</p>
      <Link className={`${buttons.primary} ${styles.bannerLink}`} to="/pricing?source=usage_banner">
        See plans
      </Link>
    </aside>
  );
}
