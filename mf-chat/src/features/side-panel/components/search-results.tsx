import type { ConversationSearch } from '../hooks/use-conversation-search.ts';
import { titleOf } from '../domain/session-list.ts';
import { highlightParts, snippetText } from '../domain/snippet-text.ts';
import styles from './side-panel.module.css';

/** A message's excerpt as text (its Markdown taken out), with the searched words marked. */
function Snippet({ markdown, query }: { markdown: string; query: string }) {
  const parts = highlightParts(snippetText(markdown), query);
  if (parts.length === 0) return null;
  return (
    <span className={styles.snippet}>
      {parts.map((part, i) => (part.match ? <mark key={i} className={styles.match}>{part.text}</mark> : part.text))}
    </span>
  );
}

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
            {hit.snippet && <Snippet markdown={hit.snippet} query={search.query} />}
          </button>
        </li>
      ))}
    </ul>
  );
}
