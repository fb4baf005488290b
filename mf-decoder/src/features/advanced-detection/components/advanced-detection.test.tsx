import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdvancedDetection } from './advanced-detection.tsx';

const text = 'Shots were fired and a man was killed. Police Chief Dan Reyes said the officers followed protocol. Angry protesters claimed the teen was unarmed.';
const at = (part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length });

const detection = {
  locked: false,
  sentences: [
    { ...at('Shots were fired and a man was killed.'), score: 55 },
    { ...at('Police Chief Dan Reyes said the officers followed protocol.'), score: 20 },
    { ...at('Angry protesters claimed the teen was unarmed.'), score: 88 },
  ],
  sentences_total: 3,
  agency: {
    passives: 2,
    agentless: 2,
    agentless_harm: 2,
    clauses: [
      { ...at('were fired'), verb: 'fired', sentence: 0, agent_named: false, harm: true },
      { ...at('was killed'), verb: 'killed', sentence: 0, agent_named: false, harm: true },
    ],
  },
  sourcing: {
    counts: { official: 1, community: 1, expert: 0, unnamed: 0, other: 0 },
    doubting: { official: 0, community: 1, expert: 0, unnamed: 0, other: 0 },
    attributions: [
      { ...at('Police Chief Dan Reyes'), speaker: 'Police Chief Dan Reyes', type: 'official', verb: 'said', doubting: false, describing: [], sentence: 1 },
      { ...at('Angry protesters'), speaker: 'Angry protesters', type: 'community', verb: 'claimed', doubting: true, describing: [{ word: 'Angry', loaded: true }], sentence: 2 },
    ],
  },
  second_opinion: null,
};

describe('advanced detection', () => {
  it('shows the strip, the most loaded sentence first, and a chosen sentence’s text', () => {
    render(<AdvancedDetection text={text} advanced={detection} />);
    const strip = screen.getByRole('group', { name: 'Bias of each sentence' });
    expect(within(strip).getAllByRole('button')).toHaveLength(3);
    const top = within(screen.getByRole('list', { name: 'Most loaded sentences' })).getAllByRole('listitem');
    expect(top[0]!.textContent).toBe('88 Angry protesters claimed the teen was unarmed.');
    fireEvent.click(screen.getByRole('button', { name: 'Sentence 2: score 20' }));
    expect(screen.getByText(/Sentence 2, score 20:/).parentElement!.textContent).toBe('Sentence 2, score 20: Police Chief Dan Reyes said the officers followed protocol.');
  });

  it('lists the clauses that hide who acted and the sources by kind, with their verbs and words', () => {
    render(<AdvancedDetection text={text} advanced={detection} />);
    expect(screen.getByText('2 passive clauses; 2 do not say who acted, 2 of them about harm done to someone.')).toBeTruthy();
    expect(screen.getByText('were fired')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Who is quoted or cited' });
    expect(within(table).getByRole('row', { name: 'Residents and community 1 1' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Officials and police 1 0' })).toBeTruthy();
    expect(screen.getByText('claimed')).toBeTruthy();
    expect(screen.getByText(/No language model is configured/)).toBeTruthy();
  });

  it('shows the model’s second opinion beside the embedded score', () => {
    render(<AdvancedDetection text={text} advanced={{ ...detection, second_opinion: { model: 'fake-model', score: 80, embedded_score: 40, agrees: false, summary: 'Loaded.' } }} />);
    expect(screen.getByText(/fake-model scores this article 80; Keisha’s embedded engine scores it 40\. They disagree/)).toBeTruthy();
  });

  it('shows a guest the teaser with the way to upgrade, and nothing of the analysis', () => {
    render(<AdvancedDetection text={text} advanced={{ locked: true, parts: ['sentence_strip', 'agency', 'sourcing'], upgrade_path: '/pricing' }} />);
    expect(screen.getByRole('heading', { name: /Advanced detection/ })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Upgrade to see it' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('group', { name: 'Bias of each sentence' })).toBeNull();
  });

  it('never links a teaser off the site, and shows nothing for an answer without the part', () => {
    const { container, rerender } = render(<AdvancedDetection text={text} advanced={{ locked: true, parts: ['agency'], upgrade_path: 'https://evil.example' }} />);
    expect(screen.getByRole('link', { name: 'Upgrade to see it' }).getAttribute('href')).toBe('/pricing');
    rerender(<AdvancedDetection text={text} advanced={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
