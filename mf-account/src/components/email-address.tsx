import styles from './email-address.module.css';

/** An e-mail address in running text or in a table; `id` lets a row's buttons be described by it; `strong` stresses it. */
export function EmailAddress({ children, id, strong = false }: { children: string; id?: string; strong?: boolean }) {
  const Tag = strong ? 'strong' : 'span';
  return (
    <Tag id={id} className={styles.email}>
      {children}
    </Tag>
  );
}
