import { pillStyles as pill } from '@keisha/ui';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import frame from '../../../components/page-frame.module.css';
import styles from './landing.module.css';

const AUDIENCES = ['Enterprises', 'Universities', 'Students', 'Researchers', 'Learners'];

export function EnterpriseSection() {
  return (
    <section
      id="enterprise"
      className={`${styles.section} ${styles.panelSection}`}
      aria-labelledby="landing-enterprise-title">
      <div className={styles.panel}>
        <p className={`${frame.eyebrow} ${styles.eyebrow}`}>For organizations</p>
        <h2 id="landing-enterprise-title" className={styles.sectionTitle}>
          Built for teams that publish, teach and build AI
        </h2>
        <p className={styles.sectionIntro}>
          Companies use Keisha to check press releases, internal communications, training material and model output
          before they reach the public. Universities bring it into journalism, media-studies and data-ethics courses,
          so students learn to recognize coded language instead of only avoiding slurs. Researchers use its
          structured results to compare framing across outlets.
        </p>
        <ul className={styles.audiences} aria-label="Who uses Keisha">
          {AUDIENCES.map((audience) => (
            <li key={audience} className={`${pill.pill} ${pill.outlined} ${styles.audience}`}>
              {audience}
            </li>
          ))}
        </ul>
        <Link to={paths.pricing} className={styles.textLink}>
          Compare plans
        </Link>
      </div>
    </section>
  );
}
