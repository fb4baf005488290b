import { KeishaLogo, pageFrameStyles as pageFrame, ThemeToggle } from '@keisha/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './page-frame.module.css';

/** The account area's page: a slim top bar (home, theme) over a centred card. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className={pageFrame.screen}>
      <div className={styles.topBar}>
        <Link className={styles.home} to="/">
          <KeishaLogo className={styles.logo} size={32} />
          Keisha
        </Link>
        <ThemeToggle />
      </div>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
