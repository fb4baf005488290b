import { DIAL_SIZE, SCORE_MAX, scoreBand, scoreLabel } from '../domain/score-band.ts';
import { scoreBandClass } from '../../../lib/score-band.ts';
import styles from './result.module.css';

const STROKE = 12;
const RADIUS = (DIAL_SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Spec section 2: the circular 'BIAS SCORE' dial, 160 px across, coloured by band. */
export function ScoreDial({ score }: { score: number }) {
  const band = scoreBand(score);
  const centre = DIAL_SIZE / 2;
  return (
    <svg
      className={`${styles.dial} ${scoreBandClass(score)}`}
      width={DIAL_SIZE}
      height={DIAL_SIZE}
      viewBox={`0 0 ${DIAL_SIZE} ${DIAL_SIZE}`}
      role="img"
      aria-label={scoreLabel(score)}
      data-band={band}
    >
      <circle className={styles.dialTrack} cx={centre} cy={centre} r={RADIUS} strokeWidth={STROKE} fill="none" />
      <circle
        className={styles.dialValue}
        cx={centre}
        cy={centre}
        r={RADIUS}
        strokeWidth={STROKE}
        fill="none"
        strokeLinecap="round"
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - score / SCORE_MAX)}
        transform={`rotate(-90 ${centre} ${centre})`}
      />
      <text className={styles.dialScore} x={centre} y={centre + 4} textAnchor="middle">
        {score}
      </text>
      <text className={styles.dialCaption} x={centre} y={centre + 30} textAnchor="middle">
        BIAS SCORE
      </text>
    </svg>
  );
}
