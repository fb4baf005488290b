import { useId, type ReactNode } from 'react';
import { cardStyles as card } from '@keisha/ui';
import styles from './card.module.css';
import { TitledSection } from './titled-section.tsx';

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
  const section = [card.card, styles.card, wide && styles.wide].filter(Boolean).join(' ');
  return (
    <TitledSection level={1} headingId={headingId} title={title} lead={lead} classes={{ section, title: styles.title, lead: styles.lead }}>
      {children}
    </TitledSection>
  );
}
