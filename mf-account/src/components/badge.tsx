import type { ReactNode } from 'react';
import styles from './badge.module.css';
import tones from './tone.module.css';

const TONES = { neutral: styles.neutral, accent: styles.accent, success: tones.success, danger: tones.danger };

/** A short word in a pill: a role, a status. The word carries the meaning; the colour only repeats it. */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={[styles.badge, TONES[tone]].join(' ')}>{children}</span>;
}
