import type { ReactNode } from 'react';
import { AboutPage } from './features/about/components/about-page.tsx';
import { AdminLoginButton } from './features/admin-login/components/admin-login-button.tsx';
import { FaqPage } from './features/faq/components/faq-page.tsx';
import { KnnPage } from './features/knn/components/knn-page.tsx';
import { LandingPage } from './features/landing/components/landing-page.tsx';
import { SiteFooter } from './features/navigation/components/site-footer.tsx';
import { SiteNavigation } from './features/navigation/components/site-navigation.tsx';
import { PricingPage } from './features/pricing/components/pricing-page.tsx';
import { usePageMeta } from './features/seo/hooks/use-page-meta.ts';
import { ThankYouPage } from './features/thank-you/components/thank-you-page.tsx';
import { WaitlistForm } from './features/waitlist/components/waitlist-form.tsx';
import styles from './app.module.css';

function pageContent(page: string): ReactNode {
  switch (page) {
    case 'pricing':
      return <PricingPage />;
    case 'thank-you':
      return <ThankYouPage />;
    case 'faq':
      return <FaqPage />;
    case 'knn':
      return <KnnPage />;
    case 'about':
      return <AboutPage />;
    default:
      return <LandingPage waitlistForm={<WaitlistForm />} />;
  }
}

/** The exposed module `marketing/App`: rendered inside the host's router, so it never creates one. */
export default function MarketingApp({ page }: { page: string }) {
  usePageMeta(page);
  return (
    <div className={styles.root} data-page={page}>
      <SiteNavigation adminLogin={<AdminLoginButton />} />
      <div className={styles.content}>{pageContent(page)}</div>
      <SiteFooter />
    </div>
  );
}
