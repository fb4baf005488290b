import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { KeishaLogo, ThemeToggle } from '@keisha/ui';
import { paths } from '../../../config/paths.ts';
import { NewsNetworkMenu } from './news-network-menu.tsx';
import styles from './site-navigation.module.css';

const PAGE_LINKS = [
  { label: 'Pricing', to: paths.pricing },
  { label: 'About', to: paths.about },
  { label: 'FAQ', to: paths.faq },
] as const;

/** After the spec's items (and the dropdown): the API documentation and the reader's account (issue 28). */
const ACCOUNT_LINKS = [
  { label: 'Developers', to: paths.developers },
  { label: 'Account', to: paths.account },
] as const;

const pageLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.pageLink} ${styles.pageLinkActive}` : styles.pageLink;

/** One item of the bar's list for each link, lit while its page is shown. */
function PageLinkItems({ links }: { links: readonly { label: string; to: string }[] }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className={pageLinkClass}>
        {link.label}
      </NavLink>
    </li>
  ));
}

/**
 * The site navigation bar of the marketing pages; below 900 px wide its items fold behind a Menu button.
 * `adminLogin` is the Admin Login control, passed in by the app (features do not import each other).
 */
export function SiteNavigation({ adminLogin }: { adminLogin?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
  };
  // Following a link from the small-screen menu should not leave the menu covering the next page.
  const onPanelClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };

  return (
    <header className={styles.header}>
      <nav className={styles.bar} aria-label="Main" onKeyDown={onKeyDown}>
        <Link to={paths.home} className={styles.brand}>
          <KeishaLogo size={26} />
          Keisha
        </Link>
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.menuIcon} aria-hidden="true" />
          Menu
        </button>
        <div id={panelId} className={menuOpen ? `${styles.panel} ${styles.panelOpen}` : styles.panel} onClick={onPanelClick}>
          <ul className={styles.pageLinks}>
            <PageLinkItems links={PAGE_LINKS} />
            <li>
              <NewsNetworkMenu />
            </li>
            <PageLinkItems links={ACCOUNT_LINKS} />
          </ul>
          <div className={styles.actions}>
            <ThemeToggle className={styles.themeToggle} />
            {adminLogin}
          </div>
        </div>
      </nav>
    </header>
  );
}
