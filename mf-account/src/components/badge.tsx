import type { ReactNode } from 'react';
import styles from './badge.module.css';

/** A short word in a pill: a role, a status. The word carries the meaning; the colour only repeats it. */
export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'accent' | 'success' | 'danger'; children: ReactNode }) {
  return <span className={[styles.badge, styles[tone]].join(' ')}>{children}</span>;
}
