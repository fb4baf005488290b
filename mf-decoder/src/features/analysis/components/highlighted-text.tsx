import type { DetectedTerm } from '@keisha/contracts/decoder';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { segmentText } from '../domain/segments.ts';
import styles from './result.module.css';

/** Time to move the pointer from a highlight onto its tooltip before the tooltip goes. */
const HIDE_DELAY_MS = 150;
const GAP = 6;
const EDGE = 8;

interface Active {
  /** Index of the highlighted segment. */
  segment: number;
  via: 'pointer' | 'focus';
}

/**
 * The article with each detected term highlighted where it occurs (issue 4, beyond the spec). Everything is
 * rendered as text nodes and <mark> elements, never as HTML, so markup in an article is shown, not run.
 * Hovering, focusing (Tab) or tapping a highlight shows its explanation in a tooltip; Escape hides it.
 */
export function HighlightedText({ text, terms }: { text: string; terms: readonly DetectedTerm[] }) {
  const segments = useMemo(() => segmentText(text, terms), [text, terms]);
  const [active, setActive] = useState<Active | null>(null);
  const marks = useRef(new Map<number, HTMLElement>());
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tooltipId = useId();

  const cancelHide = useCallback(() => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  }, []);
  const hideSoon = useCallback(() => {
    cancelHide();
    hideTimer.current = setTimeout(() => setActive((current) => (current?.via === 'pointer' ? null : current)), HIDE_DELAY_MS);
  }, [cancelHide]);
  useEffect(() => cancelHide, [cancelHide]);

  // WCAG 1.4.13: a tooltip can be dismissed without moving the pointer or the focus.
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setActive(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);

  const activeSegment = active ? segments[active.segment] : undefined;
  const activeTerm = activeSegment && activeSegment.term !== null ? terms[activeSegment.term] : undefined;

  return (
    <div className={styles.articleText}>
      {segments.map((segment, index) => {
        if (segment.term === null) return segment.text;
        const term = terms[segment.term];
        const isActive = active?.segment === index;
        return (
          <mark
            key={index}
            ref={(element) => {
              if (element) marks.current.set(index, element);
              else marks.current.delete(index);
            }}
            className={`${styles.highlight} ${term?.is_codeword ? styles.highlightCodeword : ''}`}
            tabIndex={0}
            aria-describedby={isActive ? tooltipId : undefined}
            data-term={term?.term}
            onMouseEnter={() => {
              cancelHide();
              setActive({ segment: index, via: 'pointer' });
            }}
            onMouseLeave={hideSoon}
            onFocus={() => {
              cancelHide();
              setActive({ segment: index, via: 'focus' });
            }}
            onBlur={() => setActive((current) => (current?.segment === index && current.via === 'focus' ? null : current))}
          >
            {segment.text}
          </mark>
        );
      })}
      {active && activeTerm && (
        <Tooltip
          id={tooltipId}
          anchor={marks.current.get(active.segment) ?? null}
          term={activeTerm}
          onPointerEnter={cancelHide}
          onPointerLeave={hideSoon}
        />
      )}
    </div>
  );
}

interface TooltipProps {
  id: string;
  anchor: HTMLElement | null;
  term: DetectedTerm;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

/** Placed with fixed coordinates so that no scrolling box clips it: below the highlight, or above if there is no room. */
function Tooltip({ id, anchor, term, onPointerEnter, onPointerLeave }: TooltipProps) {
  const tip = useRef<HTMLSpanElement>(null);
  const [position, setPosition] = useState<CSSProperties>({ visibility: 'hidden' });

  useLayoutEffect(() => {
    if (!anchor || !tip.current) return;
    const place = () => {
      const box = tip.current;
      if (!box) return;
      const target = anchor.getClientRects()[0] ?? anchor.getBoundingClientRect();
      const { width, height } = box.getBoundingClientRect();
      const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
      const viewportHeight = window.innerHeight;
      const below = target.bottom + GAP;
      const top = below + height > viewportHeight - EDGE && target.top - GAP - height >= EDGE ? target.top - GAP - height : below;
      const left = Math.max(EDGE, Math.min(target.left, viewportWidth - width - EDGE));
      setPosition({ top, left });
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [anchor, term]);

  return (
    <span
      ref={tip}
      id={id}
      role="tooltip"
      className={styles.tooltip}
      style={position}
      onMouseEnter={onPointerEnter}
      onMouseLeave={onPointerLeave}
    >
      {/* The highlight already says the term: its description is the explanation alone. */}
      <strong className={styles.tooltipTerm} aria-hidden="true">
        {term.term}
      </strong>
      <span>{term.explanation || 'Flagged by the analysis.'}</span>
    </span>
  );
}
