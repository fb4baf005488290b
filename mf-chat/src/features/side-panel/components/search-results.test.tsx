import type { SearchHit } from '@keisha/contracts/chat';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationSearch } from '../hooks/use-conversation-search.ts';
import { SearchResults } from './search-results.tsx';

const at = '2026-11-20T10:00:00.000Z';

function searchFor(query: string, snippet: string): ConversationSearch {
  const hit: SearchHit = { session: { id: 's1', title: 'Redlining', created_at: at, updated_at: at }, message_id: 'm1', sender: 'ai', snippet };
  return { query, setQuery: () => {}, results: [hit], status: 'ready' };
}

describe('SearchResults', () => {
  it('shows a snippet as text, without its Markdown, with the searched words marked', () => {
    const onOpen = vi.fn();
    render(
      <SearchResults
        search={searchFor('redlining', '…government** Here is how the scholarship names it. [Redlining maps](https://dsl.richmond.edu/panorama/redlining/) _in 1938_…')}
        onOpen={onOpen}
      />,
    );
    const list = screen.getByRole('list', { name: 'Matching conversations' });
    const snippet = list.querySelector('button > span:last-child')!;
    expect(snippet.textContent).toBe('…government Here is how the scholarship names it. Redlining maps in 1938…');
    expect(snippet.textContent).not.toMatch(/[*_[\]()]|https?:/);
    const marks = [...snippet.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Redlining']);
    fireEvent.click(screen.getByRole('button'));
    expect(onOpen).toHaveBeenCalledWith('s1');
  });

  it('renders markup in a message as characters, never as elements', () => {
    render(<SearchResults search={searchFor('img', 'see <img src=x onerror=alert(1)> **img** here')} onOpen={() => {}} />);
    const snippet = screen.getByRole('list').querySelector('button > span:last-child')!;
    expect(snippet.querySelector('img')).toBeNull();
    expect(snippet.textContent).toBe('see <img src=x onerror=alert(1)> img here');
    expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['img', 'img']);
  });
});
