import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FaqItem } from '../domain/faq-items.ts';
import styles from './faq.module.css';

/**
 * The FAQ as an accordion (WAI-ARIA Authoring Practices): each question is a button in a heading that shows or
 * hides its answer region; any number may be open at once. Up and Down arrows, Home and End move between
 * questions; Enter and Space toggle, as on any button.
 */
export function FaqAccordion({ items, idPrefix = 'faq' }: { items: FaqItem[]; idPrefix?: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowUp' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className={styles.accordion}>
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const buttonId = `${idPrefix}-${item.id}-question`;
        const panelId = `${idPrefix}-${item.id}-answer`;
        return (
          <div key={item.id} className={styles.item}>
            <h3 className={styles.question}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span className={styles.questionText}>{item.question}</span>
                <span className={styles.icon} aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
              {item.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className={styles.paragraph}>
                  {paragraph}
                </p>
              ))}
              {item.link && (
                <Link to={item.link.to} className={styles.answerLink}>
                  {item.link.label}
                </Link>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
