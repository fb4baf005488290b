import { SelfHostedVideo } from '../../../components/self-hosted-video.tsx';
import { WELCOME_CAPTIONS } from '../domain/video-captions.ts';
import welcomeCaptions from '../media/welcome.en.vtt';
import welcomeMp4 from '../media/welcome.mp4';
import welcomePoster from '../media/welcome-poster.webp';
import welcomeWebm from '../media/welcome.webm';
import frame from '../../../components/page-frame.module.css';
import styles from './landing.module.css';

/** The welcome video at the foot of the landing page (spec section 2). */
export function WelcomeVideoSection() {
  return (
    <section id="welcome" className={`${styles.section} ${styles.split}`} aria-labelledby="landing-welcome-title">
      <div>
        <p className={`${frame.eyebrow} ${styles.eyebrow}`}>Welcome</p>
        <h2 id="landing-welcome-title" className={styles.sectionTitle}>
          Keisha in twenty seconds
        </h2>
        <p className={styles.sectionIntro}>
          What Keisha is for, and what the decoder and the chat assistant do today. Built for people who read
          the news and the organizations that publish it.
        </p>
      </div>
      <SelfHostedVideo
        title="Welcome to Keisha"
        webm={welcomeWebm}
        mp4={welcomeMp4}
        poster={welcomePoster}
        captions={welcomeCaptions}
        transcript={WELCOME_CAPTIONS}
        width={960}
        height={540}
        caption="A 20-second welcome. Silent, with captions."
      />
    </section>
  );
}
