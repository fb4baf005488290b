import type { SearchHit } from '@keisha/contracts/chat';
import { useEffect, useState } from 'react';
import { searchConversations } from '../api/sessions.ts';
import { searchTermOf } from '../domain/session-list.ts';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

export interface ConversationSearch {
  query: string;
  setQuery: (query: string) => void;
  /** null: not searching (the list is shown). */
  results: SearchHit[] | null;
  status: 'idle' | 'searching' | 'ready' | 'failed';
}

/** Search over the person's conversations (titles and messages), as they type. */
export function useConversationSearch(): ConversationSearch {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchHit[] | null>(null);
  const [status, setStatus] = useState<ConversationSearch['status']>('idle');
  const term = searchTermOf(query);

  useEffect(() => {
    if (term === null) {
      setResults(null);
      setStatus('idle');
      return;
    }
    setStatus('searching');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchConversations(term, controller.signal).then(
        (response) => {
          if (controller.signal.aborted) return;
          setResults(Array.isArray(response.results) ? response.results : []);
          setStatus('ready');
        },
        () => {
          if (!controller.signal.aborted) setStatus('failed');
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  return { query, setQuery, results: term === null ? null : results, status };
}
