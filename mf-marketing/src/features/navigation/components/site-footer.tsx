import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import styles from './site-footer.module.css';

/** The short footer under every marketing page. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>Keisha</p>
          <p className={styles.tagline}>
            AI ethics and bias detection with a counter-racist framing, for newsrooms, companies, classrooms and
            everyone who reads the news.
          </p>
        </div>
        <nav aria-label="Footer" className={styles.links}>
          <Link to={paths.knn} className={styles.link}>
            Research intro
          </Link>
        </nav>
        <p className={styles.legal}>© {new Date().getFullYear()} Keisha. All rights reserved.</p>
      </div>
    </footer>
  );
}
