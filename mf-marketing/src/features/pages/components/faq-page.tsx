import { PageFrame } from './page-frame.tsx';
import styles from './page-frame.module.css';

export function FaqPage() {
  return (
    <PageFrame title="Frequently Asked Questions">
      <p className={styles.lead}>
        Answers about the News Decoder, plans and the waitlist. The short version: the decoder is free for three
        analyses a day, no account needed, and the full platform is set for a December release.
      </p>
    </PageFrame>
  );
}
