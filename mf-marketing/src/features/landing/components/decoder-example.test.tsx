import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import examples from '../domain/engine-examples.json' with { type: 'json' };
import { scoreBand } from '../domain/engine-examples.ts';
import { DecoderExample } from './decoder-example.tsx';

describe('DecoderExample (the landing hero card)', () => {
  it("shows the score the engine gives its sentence, in the decoder's band colour, and marks the engine's terms", () => {
    render(<DecoderExample />);
    const { score, terms } = examples.card;
    const dial = screen.getByRole('img', { name: `Bias score ${score} out of 100, ${scoreBand(score)} band` });
    expect(dial.textContent).toBe(String(score));
    expect(dial.getAttribute('style')).toContain(`--k-score-${scoreBand(score)}`);
    const marked = [...document.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marked).toEqual(terms.flatMap((t) => t.spans.map((s) => examples.card.text.slice(s.start, s.end))));
    expect(document.querySelector('blockquote')?.textContent).toBe(examples.card.text);
    // The card once said 68 whatever the engine gave (issue 28, item 5).
    expect(score).not.toBe(68);
  });
});
