import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { PageFrame } from './page-frame.tsx';
import styles from './page-frame.module.css';

export function ThankYouPage() {
  return (
    <PageFrame title="Thank You">
      <p className={styles.lead}>
        Your purchase is complete and your plan is being set up. The full Keisha platform is set for a December
        release; until then, the News Decoder is ready when you are.
      </p>
      <Link to={paths.decoder} className={styles.action}>
        Start Decoding Now
      </Link>
    </PageFrame>
  );
}
