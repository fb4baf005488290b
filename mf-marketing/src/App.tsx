import { use } from 'react';
import { AdminLoginButton } from './features/admin-login/components/admin-login-button.tsx';
import { SiteFooter } from './features/navigation/components/site-footer.tsx';
import { SiteNavigation } from './features/navigation/components/site-navigation.tsx';
import { usePageMeta } from './features/seo/hooks/use-page-meta.ts';
import { loadedPage, pageModule, preloadPage } from './pages.tsx';
import styles from './app.module.css';

function PageContent({ page }: { page: string }) {
  // Preloaded by the shell as a rule; otherwise the render waits for the page's chunk (a transition keeps
  // what is on screen meanwhile).
  const Page = loadedPage(page) ?? use(pageModule(page));
  return <Page />;
}

/** The exposed module `marketing/App`: rendered inside the host's router, so it never creates one. */
export default function MarketingApp({ page }: { page: string }) {
  usePageMeta(page);
  return (
    <div className={styles.root} data-page={page}>
      <SiteNavigation adminLogin={<AdminLoginButton />} />
      <div className={styles.content}>
        <PageContent page={page} />
      </div>
      <SiteFooter />
    </div>
  );
}

/** Called by the shell before the first render of `page` (see shell/src/federation/remote-mount.tsx). */
MarketingApp.preload = preloadPage;
