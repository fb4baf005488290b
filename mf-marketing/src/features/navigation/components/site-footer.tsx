import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import styles from './site-footer.module.css';

/** Every page of the site a reader may look for from the bottom of a marketing page. */
export const FOOTER_LINKS = [
  { label: 'News Decoder', to: paths.decoder },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Developers and API', to: paths.developers },
  { label: 'Your account', to: paths.account },
  { label: 'About', to: paths.about },
  { label: 'FAQ', to: paths.faq },
  { label: 'Research intro', to: paths.knn },
] as const;

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
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={styles.link}>
              {link.label}
            </Link>
          ))}
        </nav>
        <p className={styles.legal}>© {new Date().getFullYear()} Keisha. All rights reserved.</p>
      </div>
    </footer>
  );
}
