import type { ConversationSearch } from '../hooks/use-conversation-search.ts';
import { titleOf } from '../domain/session-list.ts';
import styles from './side-panel.module.css';

/** Conversations matching the search, each with a short excerpt around the match. */
export function SearchResults({ search, onOpen }: { search: ConversationSearch; onOpen: (sessionId: string) => void }) {
  if (search.status === 'failed') {
    return (
      <p className={styles.hint} role="alert">
        The search failed. Please try again.
      </p>
    );
  }
  if (search.results === null) {
    return (
      <p className={styles.hint} role="status">
        Searching...
      </p>
    );
  }
  if (search.results.length === 0) {
    return (
      <p className={styles.hint} role="status">
        No conversations match “{search.query.trim()}”.
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label="Matching conversations">
      {search.results.map((hit) => (
        <li key={`${hit.session.id}-${hit.message_id ?? 'title'}`} className={styles.item}>
          <button type="button" className={styles.result} onClick={() => onOpen(hit.session.id)}>
            <span className={styles.resultTitle}>{titleOf(hit.session)}</span>
            {hit.snippet && <span className={styles.snippet}>{hit.snippet}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
