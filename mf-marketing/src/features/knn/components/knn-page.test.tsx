import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import figures from '../domain/evaluation-figures.json' with { type: 'json' };
import { KnnPage } from './knn-page.tsx';

function renderKnn() {
  render(
    <MemoryRouter>
      <KnnPage />
    </MemoryRouter>,
  );
}

describe('KnnPage', () => {
  it('quotes the current held-out evaluation figures, not the old 0.68 / 0.75', () => {
    renderKnn();
    const text = screen.getByTestId('knn-evaluation').textContent ?? '';
    expect(text).toContain(`macro F1 of ${figures.heldOut.macroF1.toFixed(4)}`);
    expect(text).toContain(`ROC AUC of ${figures.heldOut.auc.toFixed(4)}`);
    expect(text).toContain('2,218 expert-labelled');
    expect(text).not.toMatch(/0\.68 |0\.75,/);
  });

  it('calls the chat live and points to its plans, with no December date for it', () => {
    renderKnn();
    const card = screen.getByRole('heading', { level: 3, name: 'Keisha, the chat assistant' }).closest('li')!;
    expect(within(card).getByText('Live')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See the chat plans' }).getAttribute('href')).toBe('/pricing#chat-plans');
    expect(document.getElementById('conclusion')?.textContent).toContain('the chat assistant is open to everyone who signs in');
  });
});
