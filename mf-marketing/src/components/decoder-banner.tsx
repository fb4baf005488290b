import { Link } from 'react-router-dom';
import { buttonStyles as buttons, sectionStyles as section } from '@keisha/ui';
import { paths } from '../config/paths.ts';
import styles from './decoder-banner.module.css';

/** The banner to the News Decoder on /pricing and /faq. */
export function DecoderBanner() {
  return (
    <aside className={styles.banner} aria-label="News Decoder">
      <p className={section.muted}>
        <strong className={styles.title}>The News Decoder is open to everyone.</strong> Paste an article and see its
        bias score, the coded language in it and what each phrase is doing: three analyses a day, no account needed.
      </p>
      <Link to={paths.decoder} className={`${buttons.primary} ${styles.action}`}>
        Open the News Decoder
      </Link>
    </aside>
  );
}
