import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

export interface PageSectionProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  /** An anchor to the section (a table of contents links to it). */
  id?: string;
  /** The page's own spacing and measure for the section. */
  className?: string;
  children?: ReactNode;
}

/** A titled section of a reading page (about, research, developers) inside the page frame. */
export function PageSection({ titleId, title, id, className, children }: PageSectionProps) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
