import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_HISTORY, withHistoryPage } from '../domain/history.ts';
import type { HistoryState } from '../hooks/use-history.ts';
import { HistoryPanel } from './history-panel.tsx';

const entries = [
  { id: 'a', created_at: '2030-01-01T10:00:00.000Z', title: 'Officials vowed to restore law and order', score: 79, term_count: 2 },
  { id: 'b', created_at: '2030-01-01T09:00:00.000Z', title: 'A calm report on the budget', score: 12, term_count: 0 },
];

function history(overrides: Partial<HistoryState> = {}): HistoryState {
  return {
    available: true,
    list: withHistoryPage(EMPTY_HISTORY, { entries, total: 3 }, 1),
    status: 'ready',
    loadMore: vi.fn(),
    reload: vi.fn(),
    open: vi.fn(),
    remove: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('HistoryPanel', () => {
  it('is not shown to guests', () => {
    const { container } = render(<HistoryPanel history={history({ available: false })} onOpen={async () => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists past analyses with their score and flagged terms, and offers more', () => {
    const state = history();
    render(<HistoryPanel history={state} onOpen={async () => undefined} />);
    const region = screen.getByRole('region', { name: 'Your analyses' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Officials vowed to restore law and order');
    expect(items[0]?.textContent).toContain('2 terms flagged');
    expect(items[1]?.textContent).toContain('No terms flagged');
    fireEvent.click(within(region).getByRole('button', { name: 'Show more' }));
    expect(state.loadMore).toHaveBeenCalledOnce();
  });

  it('reopens an analysis', () => {
    const onOpen = vi.fn(async () => undefined);
    render(<HistoryPanel history={history()} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open: A calm report on the budget' }));
    expect(onOpen).toHaveBeenCalledWith('b');
  });

  it('asks for confirmation before deleting, keeping the focus on the buttons', async () => {
    const state = history();
    render(<HistoryPanel history={state} onOpen={async () => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete: A calm report on the budget' }));
    const confirm = screen.getByRole('button', { name: 'Confirm delete: A calm report on the budget' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete: A calm report on the budget' }));
    expect(state.remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete: A calm report on the budget' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm delete: A calm report on the budget' }));
    });
    expect(state.remove).toHaveBeenCalledWith('b');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your analyses' }));
  });

  it('says when a deletion failed', async () => {
    render(<HistoryPanel history={history({ remove: vi.fn(async () => Promise.reject(new Error('x'))) })} onOpen={async () => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete: A calm report on the budget' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm delete: A calm report on the budget' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('That analysis could not be deleted. Please try again.');
  });

  it('offers a retry when the list could not be loaded', () => {
    const state = history({ list: EMPTY_HISTORY, status: 'failed' });
    render(<HistoryPanel history={state} onOpen={async () => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(state.reload).toHaveBeenCalledOnce();
  });
});
