import { Link } from 'react-router-dom';
import { cardStyles as card } from '@keisha/ui';
import { SelfHostedVideo } from '../../../components/self-hosted-video.tsx';
import { paths } from '../../../config/paths.ts';
import { DECODER_DEMO_CAPTIONS } from '../domain/video-captions.ts';
import demoCaptions from '../media/decoder-demo.en.vtt';
import demoMp4 from '../media/decoder-demo.mp4';
import demoPoster from '../media/decoder-demo-poster.webp';
import demoWebm from '../media/decoder-demo.webm';
import frame from '../../../components/page-frame.module.css';
import styles from './landing.module.css';

const STEPS = [
  { title: 'Paste the article', text: 'Any news story, op-ed or press release, as plain text.' },
  { title: 'Run the analysis', text: 'Keisha reads the whole piece, not a keyword list. It can take up to a minute.' },
  { title: 'Read what it found', text: 'A bias score, the decoded terms with explanations, a summary and a translation.' },
];

export function DecoderSection() {
  return (
    <section id="decoder" className={styles.section} aria-labelledby="landing-decoder-title">
      <p className={`${frame.eyebrow} ${styles.eyebrow}`}>The decoder</p>
      <h2 id="landing-decoder-title" className={styles.sectionTitle}>
        From article to analysis in three steps
      </h2>
      <p className={styles.sectionIntro}>
        The News Decoder is free to try: three analyses a day, with no account. It is built on two scholars&apos;
        frameworks of racism and white supremacy, so every flag comes with the reason behind it.
      </p>
      <div className={styles.demo}>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={`${card.card} ${styles.step}`}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
        <SelfHostedVideo
          title="News Decoder demo"
          webm={demoWebm}
          mp4={demoMp4}
          poster={demoPoster}
          captions={demoCaptions}
          transcript={DECODER_DEMO_CAPTIONS}
          width={960}
          height={540}
          caption="A 24-second demo of the News Decoder on an example article. Silent, with captions."
        />
      </div>
      <Link to={paths.decoder} className={styles.secondaryAction}>
        Decode an article
      </Link>
    </section>
  );
}
