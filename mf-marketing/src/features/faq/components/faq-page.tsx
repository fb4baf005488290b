import { useKeisha } from '@keisha/store';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles as buttons, cardStyles as card } from '@keisha/ui';
import { DecoderBanner } from '../../../components/decoder-banner.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths, waitlistLink } from '../../../config/paths.ts';
import { FAQ_ITEMS } from '../domain/faq-items.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import styles from './faq.module.css';

/**
 * FAQ (spec section 2): twelve questions that open and close independently, the decoder banner and the waitlist.
 * A guest's "Join the waitlist" leads to the landing page's form (/#waitlist); a signed-in reader's `/` is the chat,
 * with no waitlist, so they get `waitlistForm` here instead.
 */
export function FaqPage({ waitlistForm }: { waitlistForm?: ReactNode } = {}) {
  // As the shell decides what `/` shows (shell/src/app/App.tsx).
  const signedIn = useKeisha((s) => s.auth.isAuthenticated || s.auth.unconfirmed !== null);
  return (
    <PageFrame
      title="Frequently Asked Questions"
      before={
        <Link to={paths.home} className={styles.homeLink}>
          <span aria-hidden="true">←</span>Home
        </Link>
      }
      lead="Answers about the News Decoder, plans, privacy and the waitlist. The short version: the decoder is free for three analyses a day with no account, and the full platform is set for a December release."
    >
      <DecoderBanner />
      <section aria-labelledby="faq-questions-title">
        <h2 id="faq-questions-title" className={styles.sectionTitle}>
          Questions and answers
        </h2>
        <FaqAccordion items={FAQ_ITEMS} />
      </section>
      <section className={`${card.card} ${styles.waitlist}`} aria-labelledby="faq-waitlist-title">
        <h2 id="faq-waitlist-title" className={styles.waitlistTitle}>
          Still curious?
        </h2>
        <p className={styles.waitlistText}>
          The decoder and the chat assistant are open today; the full platform, with team tools, opens in December.
          Join the waitlist and hear first.
        </p>
        {signedIn && waitlistForm ? (
          waitlistForm
        ) : (
          <Link to={waitlistLink} className={`${buttons.primary} ${styles.waitlistLink}`}>
            Join the waitlist
          </Link>
        )}
      </section>
    </PageFrame>
  );
}
