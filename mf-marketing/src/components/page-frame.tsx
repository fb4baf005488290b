import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

export interface PageFrameProps {
  title: string;
  /** The introduction under the title. */
  lead?: ReactNode;
  /** Above the title: a back link, say. */
  before?: ReactNode;
  /** Full-width pages (pricing) lay out their own columns; reading pages keep a comfortable measure. */
  wide?: boolean;
  children?: ReactNode;
}

/** The common frame of the marketing pages other than the landing page: a title, its introduction, the page. */
export function PageFrame({ title, lead, before, wide = false, children }: PageFrameProps) {
  return (
    <div className={styles.page}>
      <article className={wide ? styles.wide : styles.article}>
        {before}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </article>
    </div>
  );
}
