import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../domain/analysis-result.ts';
import { ResultView } from './result-view.tsx';

const article = 'Crime in the inner city rose.\n\n<script>window.__ran = true</script> <b>bold</b> thugs and the inner city.';

function result(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    text: article,
    score: 72,
    summary: 'The article leans on coded terms.\n\nIt hides who acted.',
    terms: [
      {
        term: 'inner city',
        explanation: 'A coded way to point at Black neighbourhoods.',
        is_codeword: true,
        count: 2,
        category: 'coded-racial',
        spans: [
          { start: 13, end: 23 },
          { start: article.lastIndexOf('inner city'), end: article.lastIndexOf('inner city') + 10 },
        ],
        source_url: 'https://example.org/inner-city',
      },
      {
        term: 'thugs',
        explanation: 'A racialised word for young Black men.',
        is_codeword: false,
        count: 1,
        category: 'loaded-language',
        spans: [{ start: article.indexOf('thugs'), end: article.indexOf('thugs') + 5 }],
        source_url: 'javascript:alert(1)',
      },
    ],
    translation: 'Plainly: <img src=x onerror="window.__ran = true"> a Black neighbourhood.',
    notes: ['The language model was unavailable; the offline engine answered.'],
    engine: 'embedded',
    evidence: [],
    ...overrides,
  };
}

declare global {
  var __ran: boolean | undefined;
}

describe('ResultView', () => {
  it('shows the score dial, the completion heading and the notes', () => {
    render(<ResultView result={result()} />);
    const dial = screen.getByRole('img', { name: 'Bias score 72 out of 100' });
    expect(dial.getAttribute('data-band')).toBe('orange');
    expect(dial.getAttribute('width')).toBe('160');
    expect(within(dial).getByText('BIAS SCORE')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Analysis Complete' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('The language model was unavailable; the offline engine answered.');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('has ARIA tabs that the arrow keys move between, starting on the original text', () => {
    render(<ResultView result={result()} />);
    const tablist = screen.getByRole('tablist');
    const [original, translation] = within(tablist).getAllByRole('tab');
    expect(original?.textContent).toBe('Original Text');
    expect(translation?.textContent).toBe('Keisha Translation');
    expect(original?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Original Text' })).toBeTruthy();

    act(() => original!.focus());
    fireEvent.keyDown(original!, { key: 'ArrowRight' });
    expect(translation?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(translation);
    expect(translation?.tabIndex).toBe(0);
    expect(original?.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Keisha Translation' }).textContent).toContain('a Black neighbourhood');
    expect(screen.queryByRole('tabpanel', { name: 'Original Text' })).toBeNull();

    fireEvent.keyDown(translation!, { key: 'ArrowRight' });
    expect(original?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(original!, { key: 'End' });
    expect(translation?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(translation!, { key: 'Home' });
    expect(original?.getAttribute('aria-selected')).toBe('true');
  });

  it('highlights each occurrence in place and shows markup in the article as text', () => {
    const { container } = render(<ResultView result={result()} />);
    const panel = screen.getByRole('tabpanel', { name: 'Original Text' });
    const marks = panel.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['inner city', 'thugs', 'inner city']);
    expect(panel.textContent).toBe(article);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(globalThis.__ran).toBeUndefined();
  });

  it("shows a highlight's explanation as its tooltip on focus and on hover, and hides it with Escape", () => {
    render(<ResultView result={result()} />);
    const [first, second] = screen.getByRole('tabpanel', { name: 'Original Text' }).querySelectorAll('mark');
    expect(first?.tabIndex).toBe(0);
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => first!.focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toContain('A coded way to point at Black neighbourhoods.');
    expect(first?.getAttribute('aria-describedby')).toBe(tooltip.id);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(second!);
    expect(screen.getByRole('tooltip').textContent).toContain('A racialised word for young Black men.');
    expect(second?.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('lists the detected euphemisms with their badges, counts per category and safe source links', () => {
    render(<ResultView result={result()} />);
    const section = screen.getByRole('region', { name: 'Detected Euphemisms' });
    expect(within(section).getByText('Coded racial language 2 · Loaded language 1')).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('WF codeword')).toBeTruthy();
    expect(within(items[0]!).getByText('×2')).toBeTruthy();
    const link = within(items[0]!).getByRole('link', { name: 'Source for inner city (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://example.org/inner-city');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(items[1]!).queryByText('WF codeword')).toBeNull();
    expect(within(items[1]!).queryByText(/^×/)).toBeNull();
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('says what moved the score, even with no flagged term (issue 31)', () => {
    render(
      <ResultView
        result={result({
          terms: [],
          score: 46,
          evidence: [
            { kind: 'baseline', label: 'A typical sentence of the political news the score was fitted on', effect: 54 },
            { kind: 'framing', label: 'Short sentences (5 words a sentence)', effect: 15 },
            { kind: 'framing', label: 'No loaded words', effect: -12 },
          ],
        })}
      />,
    );
    const section = screen.getByRole('region', { name: 'What moved the score' });
    expect(within(section).getByText('Starts at 54: a typical sentence of the political news the score was fitted on.')).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['+15Short sentences (5 words a sentence)', '\u221212No loaded words']);
    expect(within(items[0]!).getByLabelText('raised by 15 points')).toBeTruthy();
    expect(within(items[1]!).getByLabelText('lowered by 12 points')).toBeTruthy();
    // 54 + 15 - 12 is 57: the rest of the way to 46 is named, so the list adds up to the score.
    expect(within(section).getByText('Ends at 46, with \u221211 from smaller effects and the way the effects combine.')).toBeTruthy();
  });

  it('shows no evidence section for an answer without evidence', () => {
    render(<ResultView result={result()} />);
    expect(screen.queryByRole('region', { name: 'What moved the score' })).toBeNull();
  });

  it('says so when nothing was detected', () => {
    render(<ResultView result={result({ terms: [] })} />);
    expect(screen.getByText('No fragile euphemisms detected.')).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Original Text' }).querySelector('mark')).toBeNull();
  });

  it('splits the analyst summary into paragraphs in a scrollable region the keyboard can reach', () => {
    render(<ResultView result={result()} />);
    const summary = screen.getByRole('region', { name: 'Analyst Summary' });
    expect(summary.tabIndex).toBe(0);
    expect([...summary.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'The article leans on coded terms.',
      'It hides who acted.',
    ]);
  });
});
