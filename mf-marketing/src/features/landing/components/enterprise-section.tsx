import { pillStyles as pill } from '@keisha/ui';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { SectionHeading } from './section-heading.tsx';
import styles from './landing.module.css';

const AUDIENCES = ['Enterprises', 'Universities', 'Students', 'Researchers', 'Learners'];

export function EnterpriseSection() {
  return (
    <section
      id="enterprise"
      className={`${styles.section} ${styles.panelSection}`}
      aria-labelledby="landing-enterprise-title">
      <div className={styles.panel}>
        <SectionHeading id="landing-enterprise-title" eyebrow="For organizations" title="Built for teams that publish, teach and build AI">
          Companies use Keisha to check press releases, internal communications, training material and model output
          before they reach the public. Universities bring it into journalism, media-studies and data-ethics courses,
          so students learn to recognize coded language instead of only avoiding slurs. Researchers use its
          structured results to compare framing across outlets.
        </SectionHeading>
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
