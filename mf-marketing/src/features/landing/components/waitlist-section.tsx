import type { ReactNode } from 'react';
import { WAITLIST_SECTION_ID } from '../../../config/paths.ts';
import frame from '../../../components/page-frame.module.css';
import styles from './landing.module.css';

/** The section the hero's "Join the Waitlist" link jumps to; the form itself comes from the waitlist feature. */
export function WaitlistSection({ form }: { form: ReactNode }) {
  return (
    <section
      id={WAITLIST_SECTION_ID}
      className={`${styles.section} ${styles.panelSection}`}
      aria-labelledby="landing-waitlist-title"
    >
      <div className={`${styles.panel} ${styles.waitlistPanel}`}>
        <div>
          <p className={`${frame.eyebrow} ${styles.eyebrow}`}>Early access</p>
          <h2 id="landing-waitlist-title" className={styles.sectionTitle}>
            Be first on the full platform
          </h2>
          <p className={styles.sectionIntro}>
            The News Decoder and the chat assistant are open today. The wider Keisha platform, with team tools and the
            two in one place, is set for a December release. Join the waitlist and we will tell you the day it opens.
          </p>
        </div>
        {form}
      </div>
    </section>
  );
}
