import type { ReactNode } from 'react';
import { WAITLIST_SECTION_ID } from '../../../config/paths.ts';
import { SectionHeading } from './section-heading.tsx';
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
          <SectionHeading id="landing-waitlist-title" eyebrow="Early access" title="Be first on the full platform">
            The News Decoder and the chat assistant are open today. The wider Keisha platform, with team tools and the
            two in one place, is set for a December release. Join the waitlist and we will tell you the day it opens.
          </SectionHeading>
        </div>
        {form}
      </div>
    </section>
  );
}
