import { LOGO_CORNER_RADIUS, LOGO_K_PATH, LOGO_STROKE_WIDTH, LOGO_VIEWBOX } from './logo-mark.ts';

export interface KeishaLogoProps {
  /** Width and height in CSS pixels. */
  size?: number;
  className?: string;
}

/**
 * Keisha's mark, in the theme's accent colours. Decorative: put it beside the word "Keisha" (or give the
 * link an accessible name), since it is hidden from screen readers.
 */
export function KeishaLogo({ size = 28, className }: KeishaLogoProps) {
  return (
    <svg className={className} width={size} height={size} viewBox={LOGO_VIEWBOX} aria-hidden="true" focusable="false" data-keisha-logo="">
      <rect width="32" height="32" rx={LOGO_CORNER_RADIUS} style={{ fill: 'var(--k-accent)' }} />
      <path
        d={LOGO_K_PATH}
        fill="none"
        style={{ stroke: 'var(--k-accent-text)' }}
        strokeWidth={LOGO_STROKE_WIDTH}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
