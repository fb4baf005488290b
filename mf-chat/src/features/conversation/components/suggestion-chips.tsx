import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { trackEvent } from '@keisha/store';
import { SUGGESTIONS, type SuggestionTopic } from '../domain/suggestions.ts';
import styles from './suggestion-chips.module.css';

/** The four starting questions; choosing one hands its prompt to the input rather than sending it. */
export function SuggestionChips({ onChoose }: { onChoose: (prompt: string) => void }) {
  return (
    <ul className={styles.chips} aria-label="Suggested questions">
      {SUGGESTIONS.map(({ topic, prompt }) => (
        <li key={topic} className={styles.item}>
          <button type="button" className={styles.chip} onClick={() => {
              void trackEvent(CHAT_EVENTS.suggestionChosen, { topic });
              onChoose(prompt);
            }}>
            <span className={styles.icon} aria-hidden="true">
              <TopicIcon topic={topic} />
            </span>
            <span>{prompt}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Each topic's icon, as the strokes of a 24 x 24 drawing: a chip, a book, a building, a shield with a tick. */
const TOPIC_ICON_PATHS: Record<SuggestionTopic, readonly string[]> = {
  'ai-bias': [
    'M8 6h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z',
    'M9 2.5v3M15 2.5v3M9 18.5v3M15 18.5v3M2.5 9h3M2.5 15h3M18.5 9h3M18.5 15h3M10 10h4v4h-4z',
  ],
  'white-supremacy': ['M4 19.5V6a2 2 0 0 1 2-2h12v13H6a2 2 0 0 0-2 2.5ZM6 21h12', 'M8.5 8h6M8.5 11h4'],
  'enterprise-ethics': ['M4 20V8l8-4 8 4v12M2.5 20h19M8 11v6M12 11v6M16 11v6'],
  'counter-racism': ['M12 3 4.5 6v5.5c0 4.4 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5.1 7.5-9.5V6L12 3Z', 'm8.8 12.2 2.2 2.2 4.3-4.6'],
};

function TopicIcon({ topic }: { topic: SuggestionTopic }) {
  return (
    <svg viewBox="0 0 24 24" focusable="false">
      {TOPIC_ICON_PATHS[topic].map((d) => (
        <path key={d} d={d} {...stroke} />
      ))}
    </svg>
  );
}
