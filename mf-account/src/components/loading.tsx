import styles from './loading.module.css';

/** 'Loading...' while the session or a page's data is on its way. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className={styles.loading} role="status">
      {label}
    </p>
  );
}
