import type { ReactNode } from 'react';
import { useId } from 'react';
import { buttonStyles as buttons, LoadProblem } from '@keisha/ui';
import type { ConversationSearch } from '../hooks/use-conversation-search.ts';
import type { SessionListState } from '../hooks/use-session-list.ts';
import { hasMore } from '../domain/session-list.ts';
import { SearchResults } from './search-results.tsx';
import { SessionItem } from './session-item.tsx';
import styles from './side-panel.module.css';

interface SidePanelProps {
  id: string;
  sessions: SessionListState;
  search: ConversationSearch;
  currentSessionId: string | null;
  onNewChat: () => void;
  onOpen: (sessionId: string) => void;
  /** A conversation was deleted (the open one is then left). */
  onDeleted: (sessionId: string) => void;
  onBiasDetection: () => void;
  onSettings: () => void;
  /** The Sign Out control (spec section 2, Options). */
  signOut: ReactNode;
}

/**
 * The chat's side panel (spec section 2, "Active state"): '+ New Chat', the conversations (newest
 * first; rename, delete), a search over them, and the Options: Bias Detection, Settings, Sign Out.
 */
export function SidePanel({ id, sessions, search, currentSessionId, onNewChat, onOpen, onDeleted, onBiasDetection, onSettings, signOut }: SidePanelProps) {
  const listHeading = useId();
  const optionsHeading = useId();
  const searchId = useId();
  const { list, status } = sessions;

  async function remove(sessionId: string) {
    await sessions.remove(sessionId);
    onDeleted(sessionId);
  }

  return (
    <aside id={id} className={styles.panel} aria-label="Side panel">
      <button type="button" className={styles.newChat} onClick={onNewChat}>
        + New Chat
      </button>

      <div className={styles.search} role="search">
        <label className="k-visually-hidden" htmlFor={searchId}>
          Search conversations
        </label>
        <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m16 16 4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input
          id={searchId}
          type="search"
          className={styles.searchInput}
          placeholder="Search conversations"
          value={search.query}
          maxLength={500}
          onChange={(event) => search.setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search.query !== '') {
              event.preventDefault();
              search.setQuery('');
            }
          }}
        />
      </div>

      {/* Regions named by a label, not headings: the side panel comes first in the DOM, and its titles would be
          headings before the page's h1 (the audit's L16). Landmark navigation still reaches both. */}
      <section className={styles.section} aria-labelledby={listHeading}>
        <p id={listHeading} className={styles.sectionTitle}>
          {search.results === null ? 'Conversations' : 'Search results'}
        </p>
        {search.results !== null || search.status === 'searching' || search.status === 'failed' ? (
          <SearchResults search={search} onOpen={onOpen} />
        ) : (
          <>
            {list.sessions.length > 0 && (
              <ul className={styles.list}>
                {list.sessions.map((session) => (
                  <SessionItem
                    key={session.id}
                    session={session}
                    current={session.id === currentSessionId}
                    onOpen={onOpen}
                    onRename={sessions.rename}
                    onDelete={remove}
                  />
                ))}
              </ul>
            )}
            {status === 'ready' && list.sessions.length === 0 && <p className={styles.hint}>No conversations yet.</p>}
            {status === 'loading' && (
              <p className={styles.hint} role="status">
                Loading conversations...
              </p>
            )}
            {status === 'failed' && (
              <LoadProblem message="Your conversations could not be loaded." onRetry={sessions.reload} className={styles.hint} />
            )}
            {status === 'ready' && hasMore(list) && (
              <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.smallButton}`} onClick={sessions.loadMore}>
                Show more
              </button>
            )}
          </>
        )}
      </section>

      <section className={`${styles.section} ${styles.options}`} aria-labelledby={optionsHeading}>
        <p id={optionsHeading} className={styles.sectionTitle}>
          Options
        </p>
        <ul className={styles.optionList}>
          <li>
            <button type="button" className={styles.option} onClick={onBiasDetection}>
              Bias Detection
            </button>
          </li>
          <li>
            <button type="button" className={styles.option} onClick={onSettings}>
              Settings
            </button>
          </li>
          <li>{signOut}</li>
        </ul>
      </section>
    </aside>
  );
}
