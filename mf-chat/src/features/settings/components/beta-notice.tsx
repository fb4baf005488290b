import styles from './settings.module.css';

const SUPPORT_EMAIL = 'support@keisha.ai';

/** Spec section 2 (Settings): a beta notice and a support contact link. */
export function BetaNotice() {
  return (
    <aside className={styles.notice} aria-label="Beta notice">
      <p>
        <strong>Keisha is in beta.</strong> Answers can be incomplete and features may change while we build the full platform.
      </p>
      <p>
        Questions or problems?{' '}
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Keisha chat')}`}>Contact support ({SUPPORT_EMAIL})</a>
      </p>
    </aside>
  );
}
