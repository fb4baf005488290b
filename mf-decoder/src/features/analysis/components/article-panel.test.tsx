import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ArticlePanel } from './article-panel.tsx';

function Panel({ onRun }: { onRun: () => void }) {
  const [text, setText] = useState('');
  return <ArticlePanel text={text} onTextChange={setText} analysing={false} onRun={onRun} />;
}

function typeArticle(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Article text' }), { target: { value: text } });
}

describe('ArticlePanel', () => {
  // JavaScript's trim() keeps U+200B, so the button used to be enabled for these, and each run cost a use.
  it.each(['', '   ', '\u200b\u200b\u200b', '...', '\u{1F642}', '\u202e', '\u2800\u2800', '\ufeff'])(
    'keeps RUN ANALYSIS disabled for %j, which has nothing to analyse',
    (text) => {
      const run = vi.fn();
      render(<Panel onRun={run} />);
      typeArticle(text);
      const button = screen.getByRole('button', { name: 'RUN ANALYSIS' });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(button);
      expect(run).not.toHaveBeenCalled();
    },
  );

  it('enables RUN ANALYSIS for an article', () => {
    const run = vi.fn();
    render(<Panel onRun={run} />);
    typeArticle('\u200bOfficials said the neighbourhood was "changing".');
    const button = screen.getByRole('button', { name: 'RUN ANALYSIS' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(run).toHaveBeenCalledOnce();
  });
});
