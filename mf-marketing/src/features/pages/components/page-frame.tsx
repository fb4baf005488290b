import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

/** The common frame of the smaller marketing pages: a title, its introduction, then the page's own content. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <article className={styles.article}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </article>
    </div>
  );
}
