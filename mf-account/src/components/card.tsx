import { useId, type ReactNode } from 'react';
import { cardStyles as card } from '@keisha/ui';
import styles from './card.module.css';

/** A titled card: the page's one h1, an optional lead sentence, then its content. */
export function Card({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** Room for forms side by side with details (the account page). */
  wide?: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={[card.card, styles.card, wide && styles.wide].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        {title}
      </h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
