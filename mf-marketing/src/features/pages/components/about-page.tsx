import { PageFrame } from './page-frame.tsx';
import styles from './page-frame.module.css';

export function AboutPage() {
  return (
    <PageFrame title="Why and Who">
      <p className={styles.lead}>
        Keisha began with a question: why does so much coverage that never mentions race still leave readers with
        racist impressions? We build tools that make that framing visible, so the people who read, teach and publish
        the news can name it and change it.
      </p>
    </PageFrame>
  );
}
