import type { ReactNode } from 'react';
import frame from '../../../components/page-frame.module.css';
import styles from './landing.module.css';

interface SectionHeadingProps {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  /** The paragraph under the heading, if the section has one. */
  children?: ReactNode;
}

/** A landing section's eyebrow, its h2 and the intro under it, alike in every section below the hero. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <>
      <p className={`${frame.eyebrow} ${styles.eyebrow}`}>{eyebrow}</p>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children !== undefined && <p className={styles.sectionIntro}>{children}</p>}
    </>
  );
}
