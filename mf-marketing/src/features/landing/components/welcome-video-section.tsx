import { SelfHostedVideo } from '../../../components/self-hosted-video.tsx';
import { LANDING_VIDEOS } from './landing-videos.ts';
import { SectionHeading } from './section-heading.tsx';
import styles from './landing.module.css';

/** The welcome video at the foot of the landing page (spec section 2). */
export function WelcomeVideoSection() {
  return (
    <section id="welcome" className={`${styles.section} ${styles.split}`} aria-labelledby="landing-welcome-title">
      <div>
        <SectionHeading id="landing-welcome-title" eyebrow="Welcome" title="Keisha in twenty seconds">
          What Keisha is for, and what the decoder and the chat assistant do today. Built for people who read
          the news and the organizations that publish it.
        </SectionHeading>
      </div>
      <SelfHostedVideo {...LANDING_VIDEOS.welcome} />
    </section>
  );
}
