import { describe, expect, it } from 'vitest';
import { countWords, looksLikeArticle } from './article.ts';

const NEWS = [
  'City officials announced on Tuesday that the downtown redevelopment plan will move forward despite objections from longtime residents.',
  'The project, which covers twelve blocks near the river, is expected to displace several hundred households over the next five years.',
  'Supporters say the plan will bring jobs, new housing and safer streets to a neighbourhood they describe as struggling.',
  'Critics, including a coalition of tenant groups and local churches, argue that the plan was drawn up without meaningful consultation.',
  '"We were told about this after the decisions were made," said one organiser, who has lived in the area for thirty years.',
  'The council voted seven to two in favour, and construction is scheduled to begin in the spring.',
  'A spokesperson for the mayor said further public meetings would be held, but did not say whether the plan could still change.',
].join(' ');

describe('looksLikeArticle', () => {
  it('recognises a pasted news report', () => {
    expect(countWords(NEWS)).toBeGreaterThan(120);
    expect(looksLikeArticle(NEWS)).toBe(true);
  });

  it('does not offer it for short messages, however article-like', () => {
    expect(looksLikeArticle('City officials announced a plan. Residents objected. The council voted. Work begins in spring. More meetings follow.')).toBe(false);
  });

  it('does not offer it for a long run of questions', () => {
    const questions = Array.from({ length: 12 }, (_, i) => `Question ${i}: how does bias in hiring algorithms affect applicants from different neighbourhoods and schools?`).join(' ');
    expect(looksLikeArticle(questions)).toBe(false);
  });

  it('does not offer it for long lists or pasted code', () => {
    const list = Array.from({ length: 30 }, (_, i) => `- point number ${i} about the plan and its effects on residents.`).join('\n');
    expect(looksLikeArticle(list)).toBe(false);
    const code = Array.from({ length: 40 }, (_, i) => `    const value${i} = compute(${i}); // keep going with the loop.`).join('\n');
    expect(looksLikeArticle(code)).toBe(false);
  });

  it('does not offer it for one long sentence without an end', () => {
    expect(looksLikeArticle('word '.repeat(400))).toBe(false);
  });
});
