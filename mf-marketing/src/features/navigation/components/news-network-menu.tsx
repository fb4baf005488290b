import { useEffect, useId, useReducer, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { externalLinks } from '../../../config/links.ts';
import { paths } from '../../../config/paths.ts';
import { closedDropdown, dropdownReducer } from '../domain/dropdown-state.ts';
import styles from './news-network-menu.module.css';

type NewsNetworkItem = { label: string; description: string } & ({ to: string } | { href: string });

const NEWS_NETWORK_ITEMS: NewsNetworkItem[] = [
  {
    label: 'News Decoder',
    description: 'Score an article for bias and decode its coded language.',
    to: paths.decoder,
  },
  {
    label: 'Political Discourse Repository',
    description: 'Our sister archive of political speech and coverage.',
    href: externalLinks.discourseRepository,
  },
  {
    label: 'Decoder Beta',
    description: 'The next version of the decoder, open for early testing.',
    href: externalLinks.decoderBeta,
  },
];

function isInside(root: HTMLElement | null, node: EventTarget | null): boolean {
  return root !== null && node instanceof Node && root.contains(node);
}

function hasKeyboardFocus(root: HTMLElement | null): boolean {
  try {
    return root?.querySelector(':focus-visible') != null;
  } catch {
    return false; // an engine without :focus-visible support
  }
}

/** The news-network dropdown: the decoder and the two sister sites (a disclosure of links, not an ARIA menu). */
export function NewsNetworkMenu() {
  const [state, dispatch] = useReducer(dropdownReducer, closedDropdown);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const newTabHintId = useId();

  useEffect(() => {
    if (!state.open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!isInside(rootRef.current, event.target)) dispatch({ type: 'dismiss' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [state.open]);

  const onPointerEnter = (event: PointerEvent) => {
    // Touch screens emulate hover on tap; only a real mouse opens the menu by hovering.
    if (event.pointerType === 'mouse') dispatch({ type: 'pointer-enter' });
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') {
      dispatch({ type: 'pointer-leave', keyboardFocusInside: hasKeyboardFocus(rootRef.current) });
    }
  };
  const onFocus = (event: FocusEvent) => {
    if (!isInside(rootRef.current, event.relatedTarget)) dispatch({ type: 'focus-in' });
  };
  const onBlur = (event: FocusEvent) => {
    if (!isInside(rootRef.current, event.relatedTarget)) dispatch({ type: 'focus-out' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !state.open) return;
    event.stopPropagation();
    dispatch({ type: 'escape' });
    buttonRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={state.open}
        aria-controls={menuId}
        onClick={() => dispatch({ type: 'activate' })}
      >
        News Network
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <div id={menuId} className={styles.panel} hidden={!state.open}>
        <ul className={styles.list}>
          {NEWS_NETWORK_ITEMS.map((item, index) => {
            const descriptionId = `${menuId}-description-${index}`;
            const close = () => dispatch({ type: 'dismiss' });
            // The link holds only the label, so its name is exactly what it says; the description sits beside
            // it, is announced as the link's description, and the whole card stays clickable (CSS).
            const label = (
              <>
                {item.label}
                {'href' in item && (
                  <span className={styles.external} aria-hidden="true">
                    ↗
                  </span>
                )}
              </>
            );
            return (
              <li key={item.label} className={styles.item}>
                {'to' in item ? (
                  <Link to={item.to} className={styles.link} aria-describedby={descriptionId} onClick={close}>
                    {label}
                  </Link>
                ) : (
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.link}
                    aria-describedby={`${descriptionId} ${newTabHintId}`}
                    onClick={close}
                  >
                    {label}
                  </a>
                )}
                <span id={descriptionId} className={styles.description}>
                  {item.description}
                </span>
              </li>
            );
          })}
        </ul>
        <span id={newTabHintId} hidden>
          Opens in a new tab
        </span>
      </div>
    </div>
  );
}
