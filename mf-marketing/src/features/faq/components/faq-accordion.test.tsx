import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from '../domain/faq-items.ts';
import { FaqAccordion } from './faq-accordion.tsx';

function renderAccordion() {
  render(
    <MemoryRouter>
      <FaqAccordion items={FAQ_ITEMS} />
    </MemoryRouter>,
  );
  return FAQ_ITEMS.map((item) => screen.getByRole('button', { name: item.question }));
}

function panelOf(button: HTMLElement): HTMLElement {
  return document.getElementById(button.getAttribute('aria-controls')!)!;
}

describe('FaqAccordion', () => {
  it('renders twelve closed questions, each a button in a heading that controls a labelled region', () => {
    const buttons = renderAccordion();
    expect(buttons).toHaveLength(12);
    for (const button of buttons) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(button.parentElement?.tagName).toBe('H3');
      const panel = panelOf(button);
      expect(panel.getAttribute('role')).toBe('region');
      expect(panel.getAttribute('aria-labelledby')).toBe(button.id);
      expect(panel.hidden).toBe(true);
    }
  });

  it('opens and closes each question on its own', () => {
    const [first, second] = renderAccordion();
    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(first!).hidden).toBe(false);
    expect(second!.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(second!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('region')).toHaveLength(2);

    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(first!).hidden).toBe(true);
    expect(second!.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between questions with the arrow keys, Home and End', () => {
    const buttons = renderAccordion();
    act(() => buttons[0]!.focus());
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[11]);
    fireEvent.keyDown(buttons[11]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[11]);
    fireEvent.keyDown(buttons[11]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });
});
