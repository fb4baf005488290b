import { useId, type ReactNode } from 'react';
import styles from './card.module.css';

/** A titled card: the page's one h1, an optional lead sentence, then its content. */
export function Card({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        {title}
      </h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
