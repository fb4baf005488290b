import type { ReactNode } from 'react';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';
import { DecoderSection } from './decoder-section.tsx';
import { EnterpriseSection } from './enterprise-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { ProblemSection } from './problem-section.tsx';
import { SolutionSection } from './solution-section.tsx';
import { WaitlistSection } from './waitlist-section.tsx';
import { WelcomeVideoSection } from './welcome-video-section.tsx';
import styles from './landing.module.css';

/** The landing page (spec section 2). The waitlist form is passed in: features do not import each other. */
export function LandingPage({ waitlistForm }: { waitlistForm: ReactNode }) {
  useScrollToHash();
  return (
    <div className={styles.page}>
      <HeroSection />
      <ProblemSection />
      <SolutionSection />
      <DecoderSection />
      <EnterpriseSection />
      <WaitlistSection form={waitlistForm} />
      <WelcomeVideoSection />
    </div>
  );
}
