import { Link } from 'react-router-dom';
import { paths, WAITLIST_SECTION_ID } from '../../../config/paths.ts';
import { DecoderExample } from './decoder-example.tsx';
import frame from '../../../components/page-frame.module.css';
import styles from './landing.module.css';

export function HeroSection() {
  return (
    <section className={styles.hero} aria-labelledby="landing-hero-title">
      <div className={styles.heroCopy}>
        <p className={`${frame.eyebrow} ${styles.eyebrow}`}>AI ethics and bias detection</p>
        <h1 id="landing-hero-title" className={styles.heroTitle}>
          See the bias behind the wording.
        </h1>
        <p className={styles.heroLead}>
          Keisha reads the news the way a counter-racist scholar would. It flags coded racial language and biased
          framing, explains what each phrase is doing, and rewrites the story in plain terms. It is built for
          enterprises, universities, students, researchers and anyone learning to read the news critically.
        </p>
        <div className={styles.heroActions}>
          <a href={`#${WAITLIST_SECTION_ID}`} className={styles.primaryAction}>
            Join the Waitlist
          </a>
          <Link to={paths.decoder} className={styles.secondaryAction}>
            Try It Now
          </Link>
        </div>
        <p className={styles.heroNote}>Three free analyses a day. No account needed.</p>
      </div>
      <DecoderExample />
    </section>
  );
}
