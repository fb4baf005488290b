import { PageFrame } from './page-frame.tsx';
import styles from './page-frame.module.css';

export function KnnPage() {
  return (
    <PageFrame title="Keisha News Network">
      <p className={styles.lead}>
        A research-style introduction to how Keisha reads the news: the frameworks behind the decoder, the work it
        builds on, the controversies around automated bias detection, and the sister sites that make up the network.
      </p>
    </PageFrame>
  );
}
